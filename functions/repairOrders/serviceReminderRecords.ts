/**
 * The service reminder store: one item per customer and location in the customer's partition,
 * on the due-time index (sparse) until a run claims it. The only code that knows its keys.
 */
import { keys } from '../lib/keys.js';
import { isConditionFailure, putItem, readPage, updateItem } from '../lib/table.js';

/** Keys of the records this store owns (docs/data-model.md). */
const serviceReminderKeys = {
  /** The customer's service reminder at a location, in the customer's partition: due months after their last visit. */
  serviceReminder: (companyId: string, customerId: string, locationId: string) => ({ pk: `COMPANY#${companyId}#CUSTOMER#${customerId}`, sk: `SERVICE_REMINDER#${locationId}` }),
  /** gsi2 on service reminders still to go: by the time they are due (the reminders job). */
  serviceRemindersDue: () => ({ gsi2pk: 'SERVICE_REMINDERS#DUE' }),
} as const;

export interface ServiceReminderItem {
  company_id: string;
  location_id: string;
  customer_id: string;
  repair_order_id: string;
  last_visit_at: string;
  due_at: string;
}

/** Writes (or moves forward) the customer's reminder at the location, due at `due_at`. */
export async function putServiceReminder(item: ServiceReminderItem): Promise<void> {
  await putItem({
    ...serviceReminderKeys.serviceReminder(item.company_id, item.customer_id, item.location_id),
    ...serviceReminderKeys.serviceRemindersDue(),
    gsi2sk: `${item.due_at}#${item.company_id}#${item.customer_id}#${item.location_id}`,
    ...item,
  });
}

/**
 * Takes a due reminder off the index; true for the one caller that did (two runs never both send
 * it), false too when a newer visit moved it meanwhile.
 */
export async function claimServiceReminder(item: ServiceReminderItem, at: string): Promise<boolean> {
  try {
    await updateItem({
      Key: serviceReminderKeys.serviceReminder(item.company_id, item.customer_id, item.location_id),
      UpdateExpression: 'REMOVE gsi2pk, gsi2sk SET sent_at = :now',
      ConditionExpression: 'attribute_exists(gsi2pk) AND last_visit_at = :visit',
      ExpressionAttributeValues: { ':visit': item.last_visit_at, ':now': at },
    });
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Up to `limit` reminders due by `now`, soonest first (the due-time index: cost follows the reminders due). */
export async function serviceRemindersDue(now: Date, limit: number): Promise<ServiceReminderItem[]> {
  return readPage<ServiceReminderItem>(
    {
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :now',
      ExpressionAttributeValues: { ':pk': serviceReminderKeys.serviceRemindersDue().gsi2pk, ':now': `${now.toISOString()}#~` },
    },
    0,
    limit,
  );
}
