/**
 * Sending a text on a repair order (SPEC §7 "Send message"): the body the composer posts and the
 * server checks. The refusals' ids and texts are SPEC §8's; the server answers them as
 * `{ error: { id, message } }` and the composer shows them after 'An error occurred while sending
 * your message'.
 */
import * as z from 'zod/mini';
import { MAX_MENTIONS, MESSAGE_MAX_LENGTH } from '../messages.js';
import { MAX_ID_LENGTH } from './auth.js';
import { NOT_ONE_EMOJI, isOneEmoji } from '../reactions.js';

export const attachmentUpload = z.object({
  /** Key returned by POST /api/attachments (the file is already in the uploads bucket). */
  key: z.string().check(z.minLength(1), z.maxLength(300)),
  name: z.string().check(z.minLength(1), z.maxLength(200)),
  content_type: z.string().check(z.minLength(1), z.maxLength(100)),
  size: z.number().check(z.int(), z.gte(1), z.lte(512 * 1024 * 1024)),
});

/**
 * The agent's answer to the quiet-hours question (409 quiet_hours with next_window_at), for the
 * composer and for the buttons that text a prepared message (vehicle ready, the inspection link,
 * mass texts): send anyway, or hold the text until a moment (the window's start).
 */
export const quietHoursAnswer = z.object({
  /** Send later (ISO time); also how an agent schedules past quiet hours. */
  send_at: z.optional(z.iso.datetime({ offset: true })),
  /** The agent confirmed sending inside the location's quiet hours. */
  confirm_quiet_hours: z.optional(z.boolean()),
});
export type QuietHoursAnswer = z.infer<typeof quietHoursAnswer>;

/** The body of a button that texts a prepared message (POST …/vehicle_ready, …/send_to_customer); none asks nothing. */
export const actionTextBody = quietHoursAnswer;
export type ActionTextBody = QuietHoursAnswer;

/** What a message and a note for colleagues both carry: words, files, colleagues named with @. */
const messageFields = z.object({
  text: z._default(z.string().check(z.maxLength(MESSAGE_MAX_LENGTH, { message: 'Message length limit is 1600 characters' })), ''),
  attachments: z._default(z.array(attachmentUpload).check(z.maxLength(10)), []),
  /** Agent ids named with @; the server keeps those who may see the conversation. */
  mentions: z._default(
    z
      .array(z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH, 'Id is too long')))
      .check(
        z.maxLength(MAX_MENTIONS, `A message can mention up to ${MAX_MENTIONS} colleagues`),
        z.refine((ids) => new Set(ids).size === ids.length, 'Each colleague can be mentioned once'),
      ),
    [],
  ),
});

const notBlank = z.refine<{ text: string; attachments: readonly unknown[] }>((m) => m.text.trim().length > 0 || m.attachments.length > 0, {
  message: 'Text cannot be blank',
  path: ['text'],
});

export const sendMessageBody = z.object({
  message: z
    .extend(messageFields, {
      /** A note for colleagues on the conversation: never sent to the customer. */
      staff_note: z._default(z.boolean(), false),
      ...quietHoursAnswer.shape,
    })
    .check(notBlank),
});
/** What the composer posts (defaults may be left out). */
export type SendMessageBody = z.input<typeof sendMessageBody>;

/**
 * A note for colleagues through the notes route (POST {conversation}/notes), written by an agent
 * who may read the conversation's notes but not its texts (a technician on a repair order): the
 * staff note's own fields, nothing that only a text to the customer has.
 */
export const staffNoteBody = z.object({
  message: messageFields.check(notBlank),
});
export type StaffNoteBody = z.input<typeof staffNoteBody>;

/**
 * Editing a held text (PUT /api/messages/{id}): its words and, for a text held for a time, the
 * time. Blank words are refused on the server, which knows whether the text has attachments (they stay).
 */
export const editMessageBody = z.object({
  message: z.object({
    text: z.string().check(z.maxLength(MESSAGE_MAX_LENGTH, { message: 'Message length limit is 1600 characters' })),
    send_at: z.optional(z.iso.datetime({ offset: true })),
  }),
});
export type EditMessageBody = z.infer<typeof editMessageBody>;

export const assignAgentBody = z.object({ agent_id: z.nullable(z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH, 'Id is too long'))) });

export { DELIVERY_ERROR_TEXTS, deliveryErrorKind, HELD_TEXT_REFUSALS, MISSING_AGENT, OPTED_OUT_ACTION, SEND_ERRORS, SEND_WARNINGS, type SendErrorId } from '../sendingTexts.js';

/** A reaction added or taken back (PUT / DELETE {conversation}/messages/{message_id}/reactions). */
export const reactionBody = z.object({
  emoji: z.string().check(z.refine(isOneEmoji, NOT_ONE_EMOJI)),
});
export type ReactionBody = z.infer<typeof reactionBody>;
