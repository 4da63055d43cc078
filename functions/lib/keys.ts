/**
 * Key builders, one per access pattern (docs/data-model.md is the table of them). Tenant ids lead
 * every partition key of tenant data, so an id from another company simply finds nothing.
 */
import type { OwnerRef } from '../../shared/conversations.js';

export const keys = {
  company: (companyId: string) => ({ pk: `COMPANY#${companyId}`, sk: 'COMPANY' }),
  location: (companyId: string, locationId: string) => ({ pk: `COMPANY#${companyId}`, sk: `LOCATION#${locationId}` }),
  locationsOfCompany: (companyId: string) => ({ pk: `COMPANY#${companyId}`, skPrefix: 'LOCATION#' }),
  agent: (companyId: string, agentId: string) => ({ pk: `COMPANY#${companyId}`, sk: `AGENT#${agentId}` }),
  agentsOfCompany: (companyId: string) => ({ pk: `COMPANY#${companyId}`, skPrefix: 'AGENT#' }),
  /** gsi1: agents of one location, by last and first name. */
  agentsOfLocation: (companyId: string, locationId: string) => ({ gsi1pk: `COMPANY#${companyId}#LOCATION#${locationId}#AGENTS` }),
  agentByName: (lastName: string, firstName: string, agentId: string) =>
    `${lastName.toLowerCase()}#${firstName.toLowerCase()}#${agentId}`,
  /** Sign-in record by e-mail: password hash, the account's own lock; points at the agent. */
  signIn: (email: string) => ({ pk: `SIGNIN#${email}`, sk: 'SIGNIN' }),
  /** Failed sign-ins of one client (clientKey) on one account, and that client's lock (TTL'd). */
  signInClient: (email: string, client: string) => ({ pk: `SIGNIN#${email}`, sk: `CLIENT#${client}` }),
  session: (sessionId: string) => ({ pk: `SESSION#${sessionId}`, sk: 'SESSION' }),
  /** gsi1: the sessions of one agent, so a password change can end them all. */
  sessionsOfAgent: (companyId: string, agentId: string) => ({ gsi1pk: `COMPANY#${companyId}#AGENT#${agentId}#SESSIONS` }),
  passwordReset: (tokenHash: string) => ({ pk: `RESET#${tokenHash}`, sk: 'RESET' }),
  magicLink: (tokenHash: string) => ({ pk: `MAGIC#${tokenHash}`, sk: 'MAGIC' }),
  settings: (companyId: string, locationId: string, key: string) => ({
    pk: `COMPANY#${companyId}#LOCATION#${locationId}`,
    sk: `SETTINGS#${key}`,
  }),
  templatesOf: (companyId: string, scope: string) => ({ pk: `COMPANY#${companyId}`, skPrefix: `TEMPLATE#${scope}#` }),
  template: (companyId: string, scope: string, templateId: string) => ({
    pk: `COMPANY#${companyId}`,
    sk: `TEMPLATE#${scope}#${templateId}`,
  }),
  idempotency: (agentId: string, key: string) => ({ pk: `IDEMPOTENCY#${agentId}#${key}`, sk: 'IDEMPOTENCY' }),
  channelEvents: (companyId: string, channel: string) => ({ pk: `COMPANY#${companyId}#CHANNEL#${channel}` }),
  /** The newest event id of each channel of a group (a location, an agent), one attribute per channel. */
  channelHeads: (companyId: string, group: string) => ({ pk: `COMPANY#${companyId}#HEADS#${group}`, sk: 'HEADS' }),
  ticket: (ticketId: string) => ({ pk: `TICKET#${ticketId}`, sk: 'TICKET' }),
  /** gsi2: every location of every company, for scheduled jobs that walk the locations. */
  allLocations: () => ({ gsi2pk: 'ALL#LOCATIONS' }),

  // The service board (issue 3).
  customer: (companyId: string, customerId: string) => ({ pk: `COMPANY#${companyId}#CUSTOMER#${customerId}`, sk: 'CUSTOMER' }),
  /** gsi1 on customer items: every customer record of a company sharing a cell number. */
  customersByPhone: (companyId: string, e164: string) => ({ gsi1pk: `COMPANY#${companyId}#PHONE#${e164}` }),
  /**
   * The consent of a cell number (a company's), `sk = CONSENT`: the status every record of the
   * number copies, and the ids of the records that have had it since (read consistently by a change).
   */
  numberConsent: (companyId: string, e164: string) => ({ pk: `COMPANY#${companyId}#PHONE#${e164}`, sk: 'CONSENT' }),
  /** Consent ledger entries in the customer's partition, `sk = CONSENT#{ulid}` (append-only). */
  consentOf: (companyId: string, customerId: string) => ({ pk: `COMPANY#${companyId}#CUSTOMER#${customerId}`, skPrefix: 'CONSENT#' }),
  /** Calls in the customer's partition, `sk = CALL#{board}#{created_at}#{call id}`. */
  callsOf: (companyId: string, customerId: string, board: string) => ({
    pk: `COMPANY#${companyId}#CUSTOMER#${customerId}`,
    skPrefix: `CALL#${board}#`,
  }),
  /** Repair-order links in the customer's partition, `sk = RO#{opened_at}#{ro id}`: inbound threading. */
  repairOrdersOfCustomer: (companyId: string, customerId: string) => ({
    pk: `COMPANY#${companyId}#CUSTOMER#${customerId}`,
    skPrefix: 'RO#',
  }),
  repairOrder: (companyId: string, roId: string) => ({ pk: `COMPANY#${companyId}#RO#${roId}`, sk: 'RO' }),
  /** Per-agent read mark of one repair order, in the order's partition. */
  /** An agent's read mark on a conversation, in its owner's partition (`RO#…`, `APPOINTMENT#…`). */
  readMark: (companyId: string, owner: OwnerRef, agentId: string) => ({
    pk: `COMPANY#${companyId}#${owner.kind === 'repair_order' ? 'RO' : owner.kind.toUpperCase()}#${owner.id}`,
    sk: `READ#${agentId}`,
  }),
  /** gsi1 on repair orders: a location's board (`board`) or its archive (`archived`), by last activity. */
  repairOrdersOfLocation: (companyId: string, locationId: string, list: 'board' | 'archived') => ({
    gsi1pk: `COMPANY#${companyId}#LOCATION#${locationId}#ROS#${list}`,
  }),
  /** gsi2 on repair orders: a location's board orders assigned to one agent (the user-level inbox). */
  repairOrdersOfAgent: (companyId: string, locationId: string, agentId: string) => ({
    gsi2pk: `COMPANY#${companyId}#LOCATION#${locationId}#AGENT#${agentId}#ROS`,
  }),
  /** Sort key of both lists: last activity (ISO), then id. */
  activitySort: (activityAt: string, roId: string) => `${activityAt}#${roId}`,
  /** List sizes, kept by the same transactions that move orders between lists. */
  listCount: (scope: string) => ({ pk: `COUNT#${scope}`, sk: 'COUNT' }),
  messages: (companyId: string, threadId: string) => ({ pk: `COMPANY#${companyId}#THREAD#${threadId}`, skPrefix: 'MSG#' }),
  message: (companyId: string, threadId: string, messageId: string) => ({ pk: `COMPANY#${companyId}#THREAD#${threadId}`, sk: `MSG#${messageId}` }),
  /** Where a message lives, by its id (retry) — written with the message. */
  messagePointer: (companyId: string, messageId: string) => ({ pk: `COMPANY#${companyId}#MESSAGE#${messageId}`, sk: 'MESSAGE' }),
  /** Where a message lives, by the carrier's id (delivery receipts carry only that). */
  carrierMessage: (carrierMessageId: string) => ({ pk: `CARRIER#MESSAGE#${carrierMessageId}`, sk: 'MESSAGE' }),
  /** The conversation a store last texted a number in (`owner`, `at`): where the number's reply goes first. */
  lastTextTo: (companyId: string, locationId: string, e164: string) => ({ pk: `COMPANY#${companyId}#LOCATION#${locationId}#LASTTEXT#${e164}`, sk: 'LASTTEXT' }),
  /** gsi2 on messages held for later: due ones by send time. */
  scheduledMessages: () => ({ gsi2pk: 'SCHEDULED#MESSAGES' }),
  /** gsi2 on agents' texts held until the customer answers the double opt-in request. */
  heldForOptIn: (companyId: string, customerId: string) => ({ gsi2pk: `COMPANY#${companyId}#CUSTOMER#${customerId}#HELD` }),
  /** A dealership texting number (business_information.texting_numbers) → its company, location and module. */
  textingNumber: (e164: string) => ({ pk: `NUMBER#${e164}`, sk: 'NUMBER' }),
  /** A DMS feed API key, by the hash of its secret. */
  dmsKey: (secretHash: string) => ({ pk: `DMSKEY#${secretHash}`, sk: 'DMSKEY' }),
  /** gsi1 on DMS keys: the keys of a location. */
  dmsKeysOfLocation: (companyId: string, locationId: string) => ({ gsi1pk: `COMPANY#${companyId}#LOCATION#${locationId}#DMSKEYS` }),
  appointment: (companyId: string, appointmentId: string) => ({ pk: `COMPANY#${companyId}#APPOINTMENT#${appointmentId}`, sk: 'APPOINTMENT' }),
  /** gsi1 on appointments not archived: a location's appointments by time. */
  appointmentsOfLocation: (companyId: string, locationId: string) => ({ gsi1pk: `COMPANY#${companyId}#LOCATION#${locationId}#APPOINTMENTS` }),
  /** A location's reminders sent ("appointments sent"), `sk = {sent_at}#{appointment id}`, newest first. */
  remindersSent: (companyId: string, locationId: string) => ({ pk: `COMPANY#${companyId}#LOCATION#${locationId}#REMINDERS_SENT` }),
  /** The customer's service reminder at a location, in the customer's partition: due months after their last visit. */
  serviceReminder: (companyId: string, customerId: string, locationId: string) => ({ pk: `COMPANY#${companyId}#CUSTOMER#${customerId}`, sk: `SERVICE_REMINDER#${locationId}` }),
  /** gsi2 on service reminders still to go: by the time they are due (the reminders job). */
  serviceRemindersDue: () => ({ gsi2pk: 'SERVICE_REMINDERS#DUE' }),
  /** gsi2 on appointments whose reminder is still to go: by the time it is due (the reminders job). */
  appointmentRemindersDue: () => ({ gsi2pk: 'APPOINTMENT_REMINDERS#DUE' }),
  /** Appointment links in the customer's partition, `sk = APT#{scheduled_at}#{id}`: inbound threading. */
  appointmentsOfCustomer: (companyId: string, customerId: string) => ({ pk: `COMPANY#${companyId}#CUSTOMER#${customerId}`, skPrefix: 'APT#' }),
  /** A mass text (`sk = MASS`) and its numbered recipients (`sk = R#000001`), in one partition. */
  massMessage: (companyId: string, massId: string) => ({ pk: `COMPANY#${companyId}#MASS#${massId}`, sk: 'MASS' }),
  /** gsi2 on mass texts still running: by the end of their worker's lease (the sweep takes over after it). */
  massMessagesRunning: () => ({ gsi2pk: 'MASS#RUNNING' }),
  /** gsi2 / gsi3 on customers: a location's customers by "last first" / "first last" name, lowercased (customer search). */
  customersByName: (companyId: string, locationId: string, order: 'last_first' | 'first_last') => ({
    pk: `COMPANY#${companyId}#LOCATION#${locationId}#CUSTOMERS#${order === 'last_first' ? 'LF' : 'FL'}`,
  }),

  // Multi-point inspections (issue 4).
  /** A repair order's sheet, in the order's partition. */
  sheet: (companyId: string, roId: string) => ({ pk: `COMPANY#${companyId}#RO#${roId}`, sk: 'SHEET' }),
  /** gsi1 on sheets: a location's queue by state (`for_claim`, `claimed`, `to_advisor`, `done`), oldest first. */
  sheetsOfLocation: (companyId: string, locationId: string, list: SheetList) => ({ gsi1pk: `COMPANY#${companyId}#LOCATION#${locationId}#MPI#${list}` }),
  /** gsi2 on claimed or reclaimed sheets: the holder's inbox. */
  sheetsOfHolder: (companyId: string, locationId: string, agentId: string) => ({ gsi2pk: `COMPANY#${companyId}#LOCATION#${locationId}#MPI#HOLDER#${agentId}` }),
  /** Sheet templates of a location, `sk = MPITEMPLATE#{id}`. */
  sheetTemplates: (companyId: string, locationId: string) => ({ pk: `COMPANY#${companyId}#LOCATION#${locationId}`, skPrefix: 'MPITEMPLATE#' }),
  sheetTemplate: (companyId: string, locationId: string, templateId: string) => ({
    pk: `COMPANY#${companyId}#LOCATION#${locationId}`,
    sk: `MPITEMPLATE#${templateId}`,
  }),
  /** The customer's inspection link, by the hash of its token (the token itself is never stored). */
  inspectionLink: (tokenHash: string) => ({ pk: `MPILINK#${tokenHash}`, sk: 'MPILINK' }),
  /** gsi2 on declined-work notices waiting to go out: due ones by due time. */
  workDeclinedDue: () => ({ gsi2pk: 'WORK_DECLINED#DUE' }),

  // Sending a text at most once (the outbox sweep, a send request's key).
  /** gsi2 on outbound texts while `queued`: by the time the outbox sweep should look at them if they are still there. */
  outboxMessages: () => ({ gsi2pk: 'OUTBOX#MESSAGES' }),
  /** gsi2 on outbound texts while `accepted` by a carrier that can be asked: by when the sweep asks it if no receipt has come. */
  awaitedReceipts: () => ({ gsi2pk: 'RECEIPTS#AWAITED' }),
  /** The message an agent's send request (its Idempotency-Key, hashed) created: a retry finds it instead of writing another. */
  sendRequest: (companyId: string, agentId: string, keyHash: string) => ({ pk: `COMPANY#${companyId}#SENDKEY#${agentId}#${keyHash}`, sk: 'SENDKEY' }),

  // Password-reset e-mail throttle (issue security review).
  /** Fixed-window counter (TTL'd) of reset requests, per e-mail address or per client address; window = its start in epoch seconds. */
  resetRequestsOf: (scope: 'email' | 'client', who: string, window: number) => ({ pk: `THROTTLE#RESET#${scope}#${who}#${window}`, sk: 'THROTTLE' }),
} as const;

/**
 * The queues a sheet can sit on (gsi1), one per state group; `shelved` holds the sheets of closed
 * or archived orders, which no queue shows.
 */
export type SheetList = 'for_claim' | 'claimed' | 'to_advisor' | 'done' | 'shelved';

/** `begins_with` query on a partition's sort keys. */
export function byPrefix(key: { pk: string; skPrefix: string }) {
  return {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': key.pk, ':prefix': key.skPrefix },
  };
}
