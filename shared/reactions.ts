/**
 * Reactions on a message (SPEC §3 Message.reactions: by emoji, the ids of the agents who reacted):
 * what one reaction is, the emoji the console offers first, and how many kinds a message holds.
 */

/** The emoji the reaction bar offers first, in this order. */
export const COMMON_REACTIONS = ['👍', '❤️', '😂', '😮', '🙏', '✅'] as const;

/** Distinct emoji one message may hold: a reaction bar, not a sticker album. */
export const MAX_REACTION_EMOJI = 20;

/** Longest stored form of one emoji (a family or a flag with its modifiers and joiners). */
const MAX_EMOJI_LENGTH = 32;

const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
/** Flags: two regional indicators. */
const FLAG = /^\p{Regional_Indicator}{2}$/u;
/** Keycaps: 0-9, # or * with the keycap mark. */
const KEYCAP = /^[0-9#*]\uFE0F?\u20E3$/u;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Whether the text is exactly one emoji: one grapheme that is a pictograph, a flag or a keycap. */
export function isOneEmoji(text: string): boolean {
  if (text.length === 0 || text.length > MAX_EMOJI_LENGTH) return false;
  const segments = [...graphemes.segment(text)];
  if (segments.length !== 1) return false;
  return PICTOGRAPHIC.test(text) || FLAG.test(text) || KEYCAP.test(text);
}

/** The refusal of anything else, as the API answers it. */
export const NOT_ONE_EMOJI = 'A reaction is one emoji';
export const TOO_MANY_REACTIONS = `A message can hold up to ${MAX_REACTION_EMOJI} different reactions`;
