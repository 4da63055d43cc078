/**
 * The inspection on the customer's visit page (issue 21 part 5): its data is the CustomerInspection
 * the inspection page showed; its actions' bodies are checked here.
 */
import * as z from 'zod/mini';
import { MAX_ID_LENGTH } from '../schemas/auth.js';

/** `decide`: the customer approves or declines one recommendation of the sent sheet. */
export const visitDecisionBody = z.object({
  recommendation_id: z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH)),
  approved: z.boolean(),
});
