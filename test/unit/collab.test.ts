/**
 * The pure parts of staff notes, mentions and reactions: what one emoji is, what @ is being typed
 * and what a chosen name writes, which mentions a sent text keeps, who matches a typed name, and
 * the order of a message's reactions.
 */
import { describe, expect, it } from 'vitest';
import { isOneEmoji } from '../../shared/reactions.js';
import { matchingName } from '../../shared/mentions.js';
import { reactionBody, sendMessageBody } from '../../shared/schemas/messages.js';
import { insertMention, mentionQueryAt, mentionsInText } from '../../web/src/components/conversation/mentionText.js';
import { reactionOrder } from '../../web/src/components/conversation/ReactionBar.js';
import { excerptOf } from '../../functions/messages/mentions.js';

const LUIS = { id: 'agt_tech', first_name: 'Luis', last_name: 'Ortega' };
const MARCUS = { id: 'agt_manager', first_name: 'Marcus', last_name: 'Bell' };
const JOSE = { id: 'agt_jose', first_name: 'José', last_name: 'Núñez' };

describe('isOneEmoji', () => {
  it.each(['👍', '❤️', '😂', '✅', '🙏', '👍🏽', '👩‍🔧', '👨‍👩‍👧‍👦', '🇸🇪', '1️⃣', '#️⃣', '🏳️‍🌈'])('takes %s as one emoji', (emoji) => {
    expect(isOneEmoji(emoji)).toBe(true);
  });

  it.each(['', ' ', 'a', 'ok', '1', '#', '👍👍', '👍 ', ' 👍', 'a👍', '🇸', '<script>', '👍'.repeat(20)])('refuses %j', (text) => {
    expect(isOneEmoji(text)).toBe(false);
  });

  it('words the refusal for the API', () => {
    const parsed = reactionBody.safeParse({ emoji: 'thumbs up' });
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain('A reaction is one emoji');
  });
});

describe('mentionQueryAt', () => {
  it('finds the @ being typed at the caret, at the start or after a space', () => {
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('Hi @Lu', 6)).toEqual({ start: 3, query: 'Lu' });
    expect(mentionQueryAt('Hi @Luis Or', 11)).toEqual({ start: 3, query: 'Luis Or' });
  });

  it('is not an @ inside a word (an e-mail) or after the name ended', () => {
    expect(mentionQueryAt('mail me at a@b', 14)).toBeNull();
    expect(mentionQueryAt('@Luis Ortega can you', 20)).toBeNull();
    expect(mentionQueryAt('no at here', 10)).toBeNull();
  });

  it('reads only up to the caret', () => {
    expect(mentionQueryAt('@Lu and more', 3)).toEqual({ start: 0, query: 'Lu' });
  });
});

describe('insertMention and mentionsInText', () => {
  it('writes "@First Last " in place of what was typed and puts the caret after it', () => {
    const text = 'Hey @lu check the brakes';
    const at = mentionQueryAt(text, 7)!;
    const next = insertMention(text, at, 7, LUIS);
    expect(next.text).toBe('Hey @Luis Ortega check the brakes');
    expect(next.text.slice(0, next.caret)).toBe('Hey @Luis Ortega ');
  });

  it('keeps the ids of chosen colleagues whose name is still in the text, each once', () => {
    expect(mentionsInText('@Luis Ortega and @Marcus Bell, @Luis Ortega again', [LUIS, MARCUS, LUIS])).toEqual(['agt_tech', 'agt_manager']);
    expect(mentionsInText('@Luis Ortega only', [LUIS, MARCUS])).toEqual(['agt_tech']);
    expect(mentionsInText('nobody now', [LUIS])).toEqual([]);
  });
});

describe('matchingName', () => {
  it('matches the start of the first, last or full name, ignoring case and accents', () => {
    expect(matchingName([LUIS, MARCUS, JOSE], 'or')).toEqual([LUIS]);
    expect(matchingName([LUIS, MARCUS, JOSE], 'luis o')).toEqual([LUIS]);
    expect(matchingName([LUIS, MARCUS, JOSE], 'jose nu')).toEqual([JOSE]);
    expect(matchingName([LUIS, MARCUS, JOSE], '')).toEqual([LUIS, MARCUS, JOSE]);
    expect(matchingName([LUIS, MARCUS, JOSE], 'x')).toEqual([]);
  });
});

describe('the send body', () => {
  it('takes mentions (each once, at most 50) and the note flag, with defaults', () => {
    expect(sendMessageBody.parse({ message: { text: 'Hi' } }).message).toMatchObject({ mentions: [], staff_note: false });
    expect(sendMessageBody.safeParse({ message: { text: 'Hi', mentions: ['a', 'a'] } }).success).toBe(false);
    expect(sendMessageBody.safeParse({ message: { text: 'Hi', mentions: Array.from({ length: 51 }, (_, i) => `a${i}`) } }).success).toBe(false);
    expect(sendMessageBody.safeParse({ message: { text: 'Hi', mentions: [''] } }).success).toBe(false);
  });
});

describe('excerptOf', () => {
  it('is the text on one line, cut at a word when long', () => {
    expect(excerptOf('Check\nthe   brakes')).toBe('Check the brakes');
    const long = excerptOf('word '.repeat(60), 40);
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long.endsWith('word…')).toBe(true);
  });
});

describe('reactionOrder', () => {
  it('puts the common emoji first in their order, then the others, and leaves out emptied ones', () => {
    expect(reactionOrder({ '🚗': ['a'], '✅': ['b'], '👍': ['c'], '🔧': [] })).toEqual(['👍', '✅', '🚗']);
  });
});
