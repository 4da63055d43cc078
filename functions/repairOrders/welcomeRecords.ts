/**
 * The service welcome store: when the customer was last welcomed at a location, one item in the
 * customer's partition. The only code that knows its keys.
 */
import { getItem, isConditionFailure, putItemIf, updateItem } from '../lib/table.js';

const welcomeKeys = {
  /** The customer's last welcome at a location. */
  welcome: (companyId: string, customerId: string, locationId: string) => ({ pk: `COMPANY#${companyId}#CUSTOMER#${customerId}`, sk: `WELCOME#${locationId}` }),
} as const;

export interface WelcomeClaim {
  company_id: string;
  location_id: string;
  customer_id: string;
  repair_order_id: string;
  sent_at: string;
}

/** The customer's last welcome at the location: `sent_at` '' when it was refused, with the order it was refused on. */
export async function lastWelcome(companyId: string, customerId: string, locationId: string): Promise<(WelcomeClaim & { refused_repair_order_id?: string }) | null> {
  const item = await getItem<WelcomeClaim & { refused_repair_order_id?: string }>(welcomeKeys.welcome(companyId, customerId, locationId), true);
  return item ?? null;
}

/**
 * Claims the welcome for this order: true for the one caller that did, when the customer was not
 * welcomed at the location since `since` (two orders opening at once welcome them once).
 */
export async function claimWelcome(claim: WelcomeClaim, since: string): Promise<boolean> {
  try {
    await putItemIf({ ...welcomeKeys.welcome(claim.company_id, claim.customer_id, claim.location_id), ...claim }, 'attribute_not_exists(pk) OR sent_at <= :since', { ':since': since });
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/**
 * Gives back a claim whose text did not go (refused): the customer's next order may welcome them;
 * this one is not tried again (the DMS sends it again and again while it is open).
 */
export async function releaseWelcome(claim: WelcomeClaim): Promise<void> {
  try {
    await updateItem({
      Key: welcomeKeys.welcome(claim.company_id, claim.customer_id, claim.location_id),
      // An empty time sorts before every `since`: the next claim succeeds.
      UpdateExpression: 'SET sent_at = :none, refused_repair_order_id = :ro',
      ConditionExpression: 'sent_at = :at AND repair_order_id = :ro',
      ExpressionAttributeValues: { ':none': '', ':at': claim.sent_at, ':ro': claim.repair_order_id },
    });
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}
