/** Starting a mass text (SPEC §1 mass messages) on any board that offers them. */
import * as z from 'zod/mini';
import { MESSAGE_MAX_LENGTH } from '../messages.js';
import { MAX_ID_LENGTH } from './auth.js';
import { quietHoursAnswer } from './messages.js';

/**
 * POST {loc}/mass_messages: one text to a selection. Either the ids picked, or "all" of a board's
 * list; `skip_opted_out` leaves opted-out customers out of the count instead of reporting them.
 */
export const massMessageBody = z.object({
  mass_message: z
    .extend(
      z.object({
        /** A board's name (functions/boards.ts); the server refuses one that offers no mass texts. */
        board: z.string().check(z.minLength(1), z.maxLength(40)),
        text: z.string({ error: 'Text cannot be blank' }).check(z.maxLength(MESSAGE_MAX_LENGTH, { message: 'Message length limit is 1600 characters' })),
        ids: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH))).check(z.maxLength(5000))),
        all: z.optional(z.boolean()),
        skip_opted_out: z._default(z.boolean(), false),
      }),
      quietHoursAnswer.shape,
    )
    .check(
      z.refine((m) => m.text.trim().length > 0, { message: 'Text cannot be blank', path: ['text'] }),
      z.refine((m) => m.all === true || (m.ids?.length ?? 0) > 0, { message: 'Select at least one recipient', path: ['ids'] }),
    ),
});
export type MassMessageBody = z.infer<typeof massMessageBody>;
