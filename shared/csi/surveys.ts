/**
 * Customer satisfaction (CSI) surveys (SPEC §3 repair order `satisfaction_poll`, `csi_settings`,
 * gatekeeper `csi`; §9 rating colours): the survey of one repair order as the API answers it, and
 * the rating's tone the board shows.
 */

/** Ratings run from 0 to 10 (SPEC §9 "rating options 0-10"). */
export const RATING_MIN = 0;
export const RATING_MAX = 10;
/** The most a comment keeps: a text's worth. */
export const COMMENT_MAX = 1000;

/** How the customer answered. */
export type SurveyAnswerVia = 'text' | 'page';

/**
 * One order's survey: `open` while it waits for an answer (a reminder goes once, 24 hours after the
 * survey), `answered` once rated (the first answer stands), `expired` when its page's link ran out
 * unanswered.
 */
export interface Survey {
  ro_id: string;
  location_id: string;
  customer_id: string;
  state: 'open' | 'answered' | 'expired';
  sent_at: string;
  reminded_at: string | null;
  closes_at: string;
  rating: number | null;
  comment: string;
  answered_at: string | null;
  via: SurveyAnswerVia | null;
}

/**
 * The rating's colour on the board (SPEC §9): 1–4 red, 5–8 gold, above green, none black. A 0 is
 * below 1: red, as every low score is.
 */
export type RatingTone = 'red' | 'gold' | 'green' | 'none';

export function ratingTone(rating: number | null | undefined): RatingTone {
  if (rating === null || rating === undefined || !Number.isFinite(rating)) return 'none';
  if (rating <= 4) return 'red';
  if (rating <= 8) return 'gold';
  return 'green';
}

/** What the customer's survey page shows (public, by its token): the store, the order, and the answer if given. */
export interface PublicSurvey {
  dealership: string;
  locale: string;
  ro_number: string;
  state: Survey['state'];
  rating: number | null;
  comment: string;
  /** The store's review page, offered once the customer has answered, whatever the rating. */
  review_link: string | null;
}

/**
 * The survey on the customer's visit page (issue 21 part 5, kind `survey`): `open` asks the 0–10
 * question and a comment; `answered` thanks the customer and offers the store's review page, whatever
 * the rating. A survey that ended unanswered is not shown.
 */
export interface VisitSurvey {
  state: 'open' | 'answered';
  rating: number | null;
  comment: string;
  review_link: string | null;
}

/**
 * Why the advisor's "Send survey" did not send (POST /api/repair_orders/{id}/survey), in the
 * spec's short English; the console words each id in the agent's language. A gatekeeper or texting
 * refusal answers the core's own id and text instead.
 */
export const CSI_ERRORS = {
  off: 'CSI surveys are turned off for this store',
  archived: 'This repair order is archived',
  open: 'The survey was already sent for this repair order and is waiting for the answer',
  answered: 'The customer already answered the survey for this repair order',
  too_soon: 'This customer was surveyed recently',
} as const;
export type CsiErrorId = keyof typeof CSI_ERRORS;
