/**
 * A conversation's messages as pages of GET {base}/{id}/messages of its owner (a repair order, an
 * appointment): newest first from the server (offset 0 is the latest 10), shown oldest to newest;
 * live events merged in by id. Pure.
 */
import type { Paging } from '../../../../shared/api.js';
import { ownerOf, type OwnerRef } from '../../../../shared/conversations.js';
import { paths, type ConversationAt } from '../../../../shared/routes.js';
import { DELIVERY_PROGRESS, MESSAGE_FIRST_PAGE, type Message } from '../../../../shared/messages.js';

export interface MessagePage {
  messages: Message[];
  meta: { paging: Paging };
}

/** A page of the owner's messages: pages hold MESSAGE_FIRST_PAGE messages, the first the latest. */
export function messagesPagePath(owner: ConversationAt, pageIndex: number): string {
  return `${paths.messages(owner)}?offset=${pageIndex * MESSAGE_FIRST_PAGE}&limit=${MESSAGE_FIRST_PAGE}`;
}

/** The two owners are one conversation only when both their kind and their id agree. */
export function sameOwner(a: OwnerRef | null, b: OwnerRef): boolean {
  return a !== null && a.kind === b.kind && a.id === b.id;
}

/**
 * The message a live event (`message.created`, `message.updated`) brings to this conversation, or
 * null when the event is about another owner's: an appointment and a repair order may share an id.
 */
export function eventMessage(owner: OwnerRef, data: Record<string, unknown> & { message: Message }): Message | null {
  return sameOwner(ownerOf(data), owner) ? data.message : null;
}

function byTime(a: Message, b: Message): number {
  return a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Every loaded message once, oldest first. Offsets shift as texts arrive, so pages may overlap. */
export function conversationMessages(pages: readonly MessagePage[] | undefined): Message[] {
  const byId = new Map<string, Message>();
  for (const page of pages ?? []) {
    for (const message of page?.messages ?? []) {
      const known = byId.get(message.id);
      byId.set(message.id, known ? fresher(known, message) : message);
    }
  }
  return [...byId.values()].sort(byTime);
}

/** Whether older messages remain on the server. */
export function hasEarlier(pages: readonly MessagePage[] | undefined): boolean {
  if (!pages?.length) return false;
  const total = pages[0]?.meta.paging.total ?? 0;
  const last = pages[pages.length - 1];
  // A short last page means the server had no more.
  if (last && last.messages.length < last.meta.paging.per_page) return false;
  return conversationMessages(pages).length < total;
}

/**
 * Of two copies of one message, the later word on it. A receipt event may overtake the answer of
 * the send that queued the message; the status time decides, then how far delivery has come.
 */
export function fresher(known: Message, incoming: Message): Message {
  const knownAt = known.metadata.status_at ?? '';
  const incomingAt = incoming.metadata.status_at ?? '';
  if (incomingAt !== knownAt) return incomingAt > knownAt ? incoming : known;
  const knownStep = known.metadata.status ? DELIVERY_PROGRESS[known.metadata.status] : 0;
  const incomingStep = incoming.metadata.status ? DELIVERY_PROGRESS[incoming.metadata.status] : 0;
  return incomingStep >= knownStep ? incoming : known;
}

/**
 * A message from an event or an answer merged in: replaced where it is, else added to the newest
 * page, unless it is older than everything loaded (then "load earlier" will bring it).
 */
export function mergeMessage(pages: readonly MessagePage[], message: Message): MessagePage[] {
  if (!pages.length) return [...pages];
  let found = false;
  const next = pages.map((page) => {
    const index = page.messages.findIndex((m) => m.id === message.id);
    if (index === -1) return page;
    found = true;
    const messages = page.messages.slice();
    messages[index] = fresher(page.messages[index]!, message);
    return { ...page, messages };
  });
  if (found) return next;
  const loaded = conversationMessages(pages);
  const oldest = loaded[0];
  if (oldest && hasEarlier(pages) && byTime(message, oldest) < 0) return next;
  const [first, ...rest] = next;
  return [
    { ...first!, messages: [message, ...first!.messages], meta: { paging: { ...first!.meta.paging, total: first!.meta.paging.total + 1 } } },
    ...rest,
  ];
}
