/**
 * The conversation core's port to the boards (DESIGN.md "Conversations: one core, many owners").
 * Sending, delivery, notes, threading and live events are written once in this folder and reach the
 * record a conversation belongs to (a repair order, an appointment…) only through its owner's port:
 * who it is for and where, who is assigned, whether it is closed, which channels hear it, the write
 * that moves it up its lists, and the rules its board adds. A board adds its port module and lists it
 * in `./boards.ts`; it never copies messaging.
 */
import type { OwnerKind, OwnerRef } from '../../shared/conversations.js';
import type { StreamEvent } from '../../shared/events.js';
import type { AgentRef } from '../../shared/people.js';
import type { AutomatedKind, MessageDirection } from '../../shared/messages.js';
import { publishTo } from '../lib/realtime.js';
import type { Auth } from '../lib/session.js';
import type { AccessFlags } from '../../shared/access.js';
import { forbidden } from '../lib/errors.js';
import type { TransactWrite } from '../lib/table.js';
import type { Call } from '../../shared/customers.js';
import type { CustomerRecord } from '../customers/records.js';
import type { RuleOwner } from './rules.js';

/** A conversation's owner as the core sees it, with the board's own record for its port. */
export interface ConversationOwner<R = unknown> extends OwnerRef {
  company_id: string;
  location_id: string;
  /** The contact's record; '' for a conversation among agents (see `internal`). */
  customer_id: string;
  agent: AgentRef | null;
  thread_id: string;
  archived: boolean;
  /** Messages in the conversation (the message list's paging total). */
  message_count: number;
  /** What the send rules need to know of the owner (closed, advisor, op codes). */
  rules: RuleOwner;
  /**
   * A conversation among agents, with no customer: sending skips the carrier, the texting rules and
   * the texting number, and the message is delivered at once (functions/messages/amongAgents.ts).
   */
  internal?: true;
  record: R;
}

/** An event on the owner's channels: any event of the stream (shared/events.ts). */
export type OwnerEvent = StreamEvent;

/** A place an inbound text could go: the lower the tier, the better; among equals the newest. */
export interface ThreadCandidate {
  owner: ConversationOwner;
  tier: number;
  at: string;
}

/**
 * Inbound threading's tiers, written once for every board: the conversation the store last texted
 * the number in (whatever board, whatever state: the customer answers what they were told), else an
 * open repair order, else the customer's next appointment, else the newest finished one of any
 * board (a closed order, a past or cancelled appointment), else an archived one.
 */
export const THREAD_TIERS = { last_texted: 0, open_order: 1, next_appointment: 2, closed: 3, archived: 4 } as const;

/**
 * The message a bump write is for, so a board can count per person in the same write (a chat's
 * unread and mention counts): who wrote it, which way it went, whom it mentions, whether it is a
 * note for colleagues. Boards that only move the owner up their lists ignore it.
 */
export interface BumpedMessage {
  id: string;
  author_agent_id: string | null;
  direction: MessageDirection;
  mentions: string[];
  staff_note: boolean;
}

/** An agent a message of the conversation may mention (the composer's @ suggestions). */
export interface MentionableAgent {
  id: string;
  first_name: string;
  last_name: string;
}

/**
 * Colleagues who do not work the owner's board but take part in its notes for colleagues (a
 * technician asked about a repair order's car): they read the conversation's staff notes and write
 * notes back, never its texts with the customer (the notes routes, functions/messages/handler.ts).
 */
export interface NoteReaders<R> {
  /** The record, if the acting agent may read and write its notes; throws 403 (not such a colleague) or 404 (another company's or location's id). */
  visible(auth: Auth, id: string, consistent?: boolean): Promise<R>;
  /** Whether an agent with these flags is such a colleague (one who works the board is not asked). */
  includes(flags: AccessFlags): boolean;
  /** Where they open the notes, under /app, `{id}` standing for the owner's id: a mention's notice links there. */
  link: string;
  /** The channels where they hear the record's notes as they are written. */
  channels(record: R): string[];
}

export interface OwnerPort<R> {
  kind: OwnerKind;
  owner(record: R): ConversationOwner<R>;
  load(companyId: string, id: string, consistent?: boolean): Promise<R | undefined>;
  /** The record, if the acting agent may work its conversation; throws 403/404 otherwise (the board's access rules). */
  visible(auth: Auth, id: string, consistent?: boolean): Promise<R>;
  /** Whether the acting agent works this board at all (uploads, retries). */
  worksBoard(auth: Auth): boolean;
  /**
   * The write, in the message's transaction, that moves the owner up its lists and counts the message;
   * an owner listed once per participant answers one write per list (at most 95: a transaction holds 100).
   */
  bumpWrite(record: R, at: string, inbound: boolean, message: BumpedMessage): TransactWrite | TransactWrite[];
  /**
   * The agents who may be mentioned in this conversation: those who may see it. A board that does
   * not say is answered by the core (functions/messages/mentions.ts): the active agents of the
   * owner's location whose flags open the board.
   */
  mentionable?(record: R): Promise<MentionableAgent[]>;
  /** Colleagues beyond the board's agents who read and write the conversation's notes (and only those). */
  noteReaders?: NoteReaders<R>;
  /** The real-time channels that hear the conversation (SPEC §6). */
  channels(record: R, previousAgentId?: string | null): string[];
  /** The board's "read this owner again" event, with why. */
  changed(record: R, reason: string): OwnerEvent;
  /**
   * The board's lists follow `message.created` itself, so a new message announces nothing else (a
   * chat message would otherwise wake every participant's streams twice).
   */
  listsFollowMessages?: boolean;
  /** An inbound text on an archived owner brings it back so the reply is seen; answers the record after. */
  reopen(record: R): Promise<R>;
  /** Where the customer's text may go among this board's records at the location, each of them (see THREAD_TIERS; the last-texted tier is the core's). */
  threadCandidates(companyId: string, locationId: string, customers: CustomerRecord[], now: Date): Promise<ThreadCandidate[]>;
  /** The customer's conversations on this board where a change of theirs (consent) is noted: the ones still in play. */
  conversationsOfCustomer(companyId: string, customerId: string, now: Date): Promise<R[]>;
  /**
   * A mass text's recipients on this board at a location: the records picked (ids) or the whole list
   * the board shows ('all'), each one the acting agent may work. Unknown or foreign ids are left out.
   */
  massRecipients?(auth: Auth, locationId: string, pick: string[] | 'all'): Promise<R[]>;
  /** The board reacts to a customer's text in its conversation (an appointment confirmed by a reply to its reminder). */
  customerReplied?(record: R, text: string, at: string): Promise<void>;
  /**
   * Why a text held until later may no longer go, by the board's own state (an appointment
   * cancelled since its reminder was held), or null; asked when the text comes due.
   */
  heldTextRefusal?(record: R, automated: AutomatedKind | null): string | null;
  /** The board follows a message's delivery (an appointment's reminder state). */
  messageUpdated?(record: R, message: { id: string; metadata: { status: string | null } }): Promise<void>;
  /**
   * The channels where this board shows the contact (its opt status and block), given the contact's
   * records of this board still in play: they hear `customer.changed`.
   */
  customerListeners?(customer: CustomerRecord, records: R[]): string[];
  /** Whether each record still in play also hears its `changed` event when its contact changes (its row shows the contact). */
  announcesCustomerChanges?: boolean;
  /**
   * A new conversation on this board for a known contact whose text fits none of theirs: answers
   * its owner and the contact it is with (the service board's texted-in order). Idempotent on the
   * carrier's message id (a text delivered twice opens one).
   */
  /**
   * A conversation for a text from a number the company does not know (the guests and leads): a
   * contact of the board's own kind for the number, and its conversation. Idempotent on the
   * carrier's message id.
   */
  openForStranger?(number: { company_id: string; location_id: string }, phone: string, carrierMessageId: string): Promise<{ owner: ConversationOwner<R>; contact: CustomerRecord }>;
  /** A call the phone system reported on this board (SPEC §3 Call), once it is kept in the call history. */
  callRecorded?(companyId: string, customer: CustomerRecord, call: Call): Promise<void>;
  openConversation?(number: { company_id: string; location_id: string }, contacts: CustomerRecord[], carrierMessageId: string): Promise<{ owner: ConversationOwner<R>; contact: CustomerRecord }>;
}

// The registry keeps ports of different record types; each is only ever called with its own owners.
const ports = new Map<OwnerKind, OwnerPort<never>>();

export function registerOwner<R>(port: OwnerPort<R>): void {
  ports.set(port.kind, port as unknown as OwnerPort<never>);
}

export function registeredKinds(): OwnerKind[] {
  return [...ports.keys()];
}

/** Every registered port. */
export const everyPort = (): OwnerPort<unknown>[] => [...ports.values()] as unknown as OwnerPort<unknown>[];

function portOf(kind: OwnerKind): OwnerPort<unknown> {
  const port = ports.get(kind);
  if (!port) throw new Error(`No conversation owner registered for ${kind} (functions/messages/boards.ts)`);
  return port as unknown as OwnerPort<unknown>;
}

/** The port that serves this owner. */
export const portFor = (owner: Pick<OwnerRef, 'kind'>): OwnerPort<unknown> => portOf(owner.kind);

/** The owner of a kind and id, read fresh; undefined when it is gone. */
export async function loadOwner(companyId: string, ref: OwnerRef, consistent = false): Promise<ConversationOwner | undefined> {
  const port = portOf(ref.kind);
  const record = await port.load(companyId, ref.id, consistent);
  return record === undefined ? undefined : port.owner(record);
}

/** The owner, if the acting agent may work its conversation (404/403 otherwise). */
export async function visibleOwner(auth: Auth, ref: OwnerRef, consistent = false): Promise<ConversationOwner> {
  const port = portOf(ref.kind);
  return port.owner(await port.visible(auth, ref.id, consistent));
}

/** Whether the acting agent works any board that has conversations. */
export const worksAnyConversation = (auth: Auth): boolean => [...ports.values()].some((port) => (port as unknown as OwnerPort<unknown>).worksBoard(auth));

/** Whether the acting agent writes in any conversation: a board's, or only the notes of one (a note's attachments are uploaded too). */
export const writesAnyConversation = (auth: Auth): boolean =>
  worksAnyConversation(auth) || everyPort().some((port) => port.noteReaders?.includes(auth.actingAs.access_level) ?? false);

/**
 * The owner, if the acting agent may read and write its notes for colleagues: an agent who works
 * its board (the board's access rules), or a colleague the port lets into its notes; 403/404 otherwise.
 */
export async function notedOwner(auth: Auth, ref: OwnerRef, consistent = false): Promise<ConversationOwner> {
  const port = portOf(ref.kind);
  if (port.worksBoard(auth)) return port.owner(await port.visible(auth, ref.id, consistent));
  if (!port.noteReaders?.includes(auth.actingAs.access_level)) throw forbidden('You do not have access to this board');
  return port.owner(await port.noteReaders.visible(auth, ref.id, consistent));
}

/** Every board's conversations of the customer that a change of theirs is noted in (see OwnerPort.conversationsOfCustomer). */
export async function conversationsOfCustomer(companyId: string, customerId: string, now = new Date()): Promise<ConversationOwner[]> {
  const lists = await Promise.all(
    [...ports.values()].map(async (entry) => {
      const port = entry as unknown as OwnerPort<unknown>;
      return (await port.conversationsOfCustomer(companyId, customerId, now)).map((record) => port.owner(record));
    }),
  );
  return lists.flat();
}

/** Publishes one event on every channel of the owner. */
export async function announceTo(owner: ConversationOwner, event: OwnerEvent, previousAgentId?: string | null): Promise<void> {
  const port = portFor(owner);
  await publishTo(owner.company_id, port.channels(owner.record, previousAgentId), event);
}

export const changedEvent = (owner: ConversationOwner, reason: string): OwnerEvent => portFor(owner).changed(owner.record, reason);
