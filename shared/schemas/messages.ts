/**
 * Sending a text on a repair order (SPEC §7 "Send message"): the body the composer posts and the
 * server checks. The refusals' ids and texts are SPEC §8's; the server answers them as
 * `{ error: { id, message } }` and the composer shows them after 'An error occurred while sending
 * your message'.
 */
import { z } from 'zod';
import { MESSAGE_MAX_LENGTH } from '../serviceBoard.js';

export const attachmentUpload = z.object({
  /** Key returned by POST /api/attachments (the file is already in the uploads bucket). */
  key: z.string().min(1).max(300),
  name: z.string().min(1).max(200),
  content_type: z.string().min(1).max(100),
  size: z.number().int().min(1).max(512 * 1024 * 1024),
});

export const sendMessageBody = z.object({
  message: z
    .object({
      text: z.string().max(MESSAGE_MAX_LENGTH, { message: 'Message length limit is 1600 characters' }).default(''),
      attachments: z.array(attachmentUpload).max(10).default([]),
      /** Send later (ISO time); also how an agent schedules past quiet hours. */
      send_at: z.iso.datetime({ offset: true }).optional(),
      /** The agent confirmed sending inside the location's quiet hours. */
      confirm_quiet_hours: z.boolean().optional(),
    })
    .refine((m) => m.text.trim().length > 0 || m.attachments.length > 0, { message: 'Text cannot be blank', path: ['text'] }),
});
export type SendMessageBody = z.infer<typeof sendMessageBody>;

export const assignAgentBody = z.object({ agent_id: z.string().min(1).nullable() });

/** Error ids the send route answers, with SPEC §8 texts where the spec has one. */
export const SEND_ERRORS = {
  opted_out: 'You can not send a text message to the customer because he has opted out',
  no_advisor: 'Text message was not sent because there is no advisor assigned',
  opcode_missing: 'You can not text this customer. The OP CODE TEXT must be present on the repair order estimate',
  landline: 'Landline numbers do not receive text messages',
  blank: 'Text cannot be blank',
  too_long: 'Message length limit is 1600 characters',
  no_phone: "Agent's default contact is disabled or points to empty field",
  blocked: "Can't do this action on an opted-out customer",
  unknown_in_safe_mode: 'You can not text this customer until they opt in (safe mode)',
  awaiting_opt_in: 'The customer has been asked to opt in; the text can be sent once they reply YES',
  quiet_hours: 'It is outside texting hours at this location. Send anyway or schedule the text.',
  closed: 'This repair order is closed',
} as const;
export type SendErrorId = keyof typeof SEND_ERRORS;

/** Warnings the send route answers alongside a sent message. */
export const SEND_WARNINGS = {
  voip: 'This number is a VoIP line; delivery is not always possible',
} as const;

/** What the conversation shows for a failed delivery (SPEC §8 message status texts). */
export const DELIVERY_ERROR_TEXTS = {
  landline: 'Landline numbers do not receive texts',
  carrier_blocked: 'The carrier blocks links',
  unknown: 'Unknown error (code {{code}})',
} as const;

/** Refusal for any action on an opted-out customer (SPEC §8). */
export const OPTED_OUT_ACTION = "Can't do this action on an opted-out customer";
/** Vehicle-ready and similar actions on an order without an advisor (SPEC §8). */
export const MISSING_AGENT = 'Unable due to missing agent for RO';
