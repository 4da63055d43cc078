/** What an advisor's "call customer" sends (POST /api/customers/{id}/{board}/calls). */
import * as z from 'zod/mini';

export const placeCallBody = z.object({
  /** The conversation the call is about (the order the advisor has open): its note lands there. */
  owner: z.optional(z.object({ kind: z.string().check(z.minLength(1)), id: z.string().check(z.minLength(1)) })),
});
export type PlaceCallBody = z.infer<typeof placeCallBody>;
