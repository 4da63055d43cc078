/**
 * Conversations of every board (SPEC §7 "Message lists", "Send message", retry) and uploads: one set
 * of routes per owner kind, each reaching its owner through the owner's port (functions/messages/owners.ts).
 */
import type { BoardConversations } from '../lib/boardModule.js';
import { boards } from '../lib/boardList.js';
import { massMessageBody } from '../../shared/schemas/massTexts.js';
import { editMessageBody, reactionBody, sendMessageBody, staffNoteBody } from '../../shared/schemas/messages.js';
import { MESSAGE_FIRST_PAGE } from '../../shared/messages.js';
import { ValidationError, forbidden, notFound } from '../lib/errors.js';
import { agentRoute, areaHandler, ok, pagedBody, paging, parse, type Routes } from '../lib/http.js';
import type { Auth } from '../lib/session.js';
import { storedAttachments, uploadRequestBody, uploadSlot } from './attachments.js';
import './boards.js';
import { visibleLocation } from '../lib/access.js';
import { massTextKind, startMassText, visibleMassText } from './massTexts.js';
import { notedOwner, portFor, visibleOwner, worksAnyConversation, writesAnyConversation, type ConversationOwner } from './owners.js';
import { getMessage, messageOfSendRequest, messagesOf, messageView, notesOf, ownerRefOf, type MessageRecord } from './records.js';
import { cancelHeld, editHeld, MAX_SCHEDULE_DAYS } from './held.js';
import { earlierSend, requestKeyHash, retryMessage, sendFromAgent } from './send.js';
import { writeStaffNote } from './staffNotes.js';
import { react, unreact } from './reactions.js';
import { matchingName } from '../../shared/mentions.js';
import { MENTIONABLE_PAGE, announceMentions, keepMentionable, mentionableAgents } from './mentions.js';

export { MAX_SCHEDULE_DAYS };

/** The same key as the idempotency layer reads: a retry of a send request finds its text by it. */
const requestKeyOf = (headers: Record<string, string | undefined>): string | undefined => headers['idempotency-key']?.slice(0, 200) || undefined;

/** The message list and the send route of one board's conversations, under its owner's path (functions/lib/boardModule.ts). */
function conversationRoutes({ kind, path: base, idParam }: BoardConversations): Routes {
  const idOf = (params: Record<string, string>) => params[idParam] ?? '';
  // An owner under a location (`/api/locations/{id}/employees/{employee_id}`) answers 404 at any other location.
  const visible = async (auth: Auth, params: Record<string, string>, consistent = false): Promise<ConversationOwner> => {
    const owner = await visibleOwner(auth, { kind, id: idOf(params) }, consistent);
    if (idParam !== 'id' && params.id !== owner.location_id) throw notFound('Not found');
    return owner;
  };
  // The notes for colleagues are also open to colleagues the port lets into them without the board (a technician on a repair order).
  const noted = async (auth: Auth, params: Record<string, string>, consistent = false): Promise<ConversationOwner> => {
    const owner = await notedOwner(auth, { kind, id: idOf(params) }, consistent);
    if (idParam !== 'id' && params.id !== owner.location_id) throw notFound('Not found');
    return owner;
  };
  return {
    /** The notes for colleagues only (no texts with the customer), newest first, SPEC §7 paging. */
    [`GET ${base}/notes`]: agentRoute(async ({ auth, params, query }) => {
      const owner = await noted(auth, params);
      const { offset, limit } = paging(query, MESSAGE_FIRST_PAGE);
      const { notes, total } = await notesOf(auth.companyId, owner.thread_id, offset, limit);
      return ok(pagedBody('messages', await Promise.all(notes.map(messageView)), total, offset, limit));
    }),

    /** A note for colleagues, by anyone who may read the notes; the Idempotency-Key makes a retry answer the note it wrote. */
    [`POST ${base}/notes`]: agentRoute(
      async ({ auth, params, body, headers }) => {
        const { message: input } = parse(staffNoteBody, body);
        const owner = await noted(auth, params, true);
        const attachments = await storedAttachments(auth.companyId, input.attachments);
        const mentions = await keepMentionable(owner, input.mentions, auth.actingAs.id);
        const key = requestKeyOf(headers);
        const note = await writeStaffNote(owner, auth.actingAs, { text: input.text, attachments, mentions, keyHash: key && requestKeyHash(key) });
        return ok({ message: await messageView(note), warnings: [] }, 201);
      },
      {
        recover: async ({ auth, params, headers }) => {
          const key = requestKeyOf(headers);
          if (!key) return undefined;
          await noted(auth, params, true);
          const earlier = await messageOfSendRequest(auth.companyId, auth.actingAs.id, requestKeyHash(key));
          return earlier && ok({ message: await messageView(earlier.message), warnings: [] }, 201);
        },
      },
    ),

    /** Newest first: offset 0 is the latest page; the console reverses it for display. */
    [`GET ${base}/messages`]: agentRoute(async ({ auth, params, query }) => {
      const owner = await visible(auth, params);
      const { offset, limit } = paging(query, MESSAGE_FIRST_PAGE);
      const records = await messagesOf(auth.companyId, owner.thread_id, offset, limit);
      const messages = await Promise.all(records.map(messageView));
      return ok(pagedBody('messages', messages, owner.message_count, offset, limit));
    }),

    /** The colleagues a message here may mention (the composer's @ suggestions), by name; `q` keeps those whose name starts so. */
    [`GET ${base}/mentionable`]: agentRoute(async ({ auth, params, query }) => {
      // Whoever may write a note here may mention in it.
      const owner = await noted(auth, params);
      const { offset, limit } = paging(query, MENTIONABLE_PAGE);
      const agents = matchingName(await mentionableAgents(owner), query.q ?? '').filter((agent) => agent.id !== auth.actingAs.id);
      return ok(pagedBody('agents', agents.slice(offset, offset + limit), agents.length, offset, limit));
    }),

    /** SPEC §7 reactions: PUT adds the agent's emoji, DELETE takes it back; both answer the message. */
    [`PUT ${base}/messages/{message_id}/reactions`]: agentRoute(async ({ auth, params, body }) => {
      const { emoji } = parse(reactionBody, body);
      const owner = await visible(auth, params);
      return ok({ message: await react(owner, params.message_id ?? '', emoji, auth.actingAs.id) });
    }),
    // Some HTTP clients drop a DELETE's body: the emoji may come as `?emoji=` instead.
    [`DELETE ${base}/messages/{message_id}/reactions`]: agentRoute(async ({ auth, params, body, query }) => {
      const { emoji } = parse(reactionBody, body === undefined && query.emoji !== undefined ? { emoji: query.emoji } : body);
      const owner = await visible(auth, params);
      return ok({ message: await unreact(owner, params.message_id ?? '', emoji, auth.actingAs.id) });
    }),

    [`POST ${base}/messages`]: agentRoute(
      async ({ auth, params, body, headers }) => {
        const { message: input } = parse(sendMessageBody, body);
        const owner = await visible(auth, params, true);
        if (input.send_at && Date.parse(input.send_at) > Date.now() + MAX_SCHEDULE_DAYS * 86_400_000) {
          throw new ValidationError([{ message: `A text can be scheduled up to ${MAX_SCHEDULE_DAYS} days ahead`, path: 'message.send_at' }]);
        }
        const attachments = await storedAttachments(auth.companyId, input.attachments);
        const mentions = await keepMentionable(owner, input.mentions, auth.actingAs.id);
        if (input.staff_note) {
          // A note reaches no customer: nothing to schedule, no quiet hours to confirm.
          if (input.send_at) throw new ValidationError([{ message: 'A note to colleagues cannot be scheduled', path: 'message.send_at' }]);
          const key = requestKeyOf(headers);
          const note = await writeStaffNote(owner, auth.actingAs, { text: input.text, attachments, mentions, keyHash: key && requestKeyHash(key) });
          return ok({ message: await messageView(note), warnings: [] }, 201);
        }
        const sentAt = new Date();
        const { message, warnings } = await sendFromAgent(owner, auth.actingAs, {
          text: input.text,
          attachments,
          sendAt: input.send_at,
          confirmQuietHours: input.confirm_quiet_hours,
          requestKey: requestKeyOf(headers),
          mentions,
        }, sentAt);
        // A retry of the request answers the text it wrote, and its mentions were told then.
        if (message.created_at === sentAt.toISOString()) await announceMentions(owner, message, input.text);
        return ok({ message: await messageView(message), warnings }, 201);
      },
      {
        // An attempt whose claim the store's outage left running: the text it wrote is the answer.
        recover: async ({ auth, params, headers }) => {
          const key = requestKeyOf(headers);
          if (!key) return undefined;
          const owner = await visible(auth, params, true);
          const earlier = await earlierSend(owner, auth.actingAs, key);
          return earlier && ok({ message: await messageView(earlier.message), warnings: earlier.warnings }, 201);
        },
      },
    ),
  };
}

/** Every board's conversation routes. */
function everyConversation(): Routes {
  const all: Routes = {};
  for (const board of boards()) if (board.conversations) Object.assign(all, conversationRoutes(board.conversations));
  return all;
}

export const routes: Routes = {
  ...everyConversation(),

  'PUT /api/messages/{id}/retry': agentRoute(async ({ auth, params }) => {
    const { owner, message } = await workableMessage(auth, params.id ?? '');
    return ok({ message: await messageView(await retryMessage(owner, message)) });
  }),

  /** Cancels a held text (functions/messages/held.ts); 409 once it has gone. */
  'PUT /api/messages/{id}/cancel': agentRoute(async ({ auth, params }) => {
    const { owner, message } = await workableMessage(auth, params.id ?? '');
    return ok({ message: await messageView(await cancelHeld(owner, message, auth.actingAs)) });
  }),

  /** Edits a held text's words and time (functions/messages/held.ts); 409 once it has gone. */
  'PUT /api/messages/{id}': agentRoute(async ({ auth, params, body }) => {
    const { message: input } = parse(editMessageBody, body);
    const { owner, message } = await workableMessage(auth, params.id ?? '');
    return ok({ message: await messageView(await editHeld(owner, message, { text: input.text, sendAt: input.send_at })) });
  }),

  /** One text to a selection of a board's records (SPEC §1 mass messages): answered at once, sent in the background. */
  'POST /api/locations/{id}/mass_messages': agentRoute(async ({ auth, params, body }) => {
    const { mass_message: input } = parse(massMessageBody, body);
    if (!portFor({ kind: massTextKind(input.board) }).worksBoard(auth)) throw forbidden('You do not have access to this board');
    const locationId = await visibleLocation(auth, params.id ?? '');
    return ok({ mass_message: await startMassText(auth, locationId, input) }, 202);
  }),

  'GET /api/mass_messages/{id}': agentRoute(async ({ auth, params }) => ok({ mass_message: await visibleMassText(auth, params.id ?? '') })),

  'POST /api/attachments': agentRoute(async ({ auth, body }) => {
    if (!writesAnyConversation(auth)) throw forbidden('You do not have access to this board');
    return ok(await uploadSlot(auth.companyId, parse(uploadRequestBody, body)), 201);
  }),
};

/** A message of a conversation the acting agent may work (its board's access rules), with its owner. */
async function workableMessage(auth: Auth, messageId: string): Promise<{ owner: ConversationOwner; message: MessageRecord }> {
  if (!worksAnyConversation(auth)) throw forbidden('You do not have access to this board');
  const message = await getMessage(auth.companyId, messageId);
  if (!message) throw notFound('Message not found');
  const ref = ownerRefOf(message);
  if (!portFor(ref).worksBoard(auth)) throw forbidden('You do not have access to this board');
  return { owner: await visibleOwner(auth, ref, true), message };
}

export const handler = areaHandler('messages', routes);
