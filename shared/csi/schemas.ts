/** Request bodies of the CSI routes (zod/mini: every Lambda bundles this). */
import * as z from 'zod/mini';
import { COMMENT_MAX, RATING_MAX, RATING_MIN } from './surveys.js';

export const RATING_ERROR = 'Please choose a rating from 0 to 10';

/** The customer's answer on the survey page. */
export const surveyAnswerBody = z.object({
  rating: z.number({ error: RATING_ERROR }).check(z.int({ error: RATING_ERROR }), z.gte(RATING_MIN, { error: RATING_ERROR }), z.lte(RATING_MAX, { error: RATING_ERROR })),
  comment: z._default(z.string().check(z.maxLength(COMMENT_MAX, { error: `A comment has at most ${COMMENT_MAX} characters` })), ''),
});
export type SurveyAnswerBody = z.infer<typeof surveyAnswerBody>;
