import { describe, expect, it } from 'vitest';
import { consentIntent, type ConsentIntent } from '../../functions/messages/keywords.js';

/** Texts customers send, by what they mean for consent. */
const OPT_OUTS: string[] = [
  'STOP',
  'stop',
  'Stop.',
  'STOP!!!',
  'Stop. Thank you',
  'stop please',
  'Please stop',
  'stop now',
  'ok stop',
  'Stop 🛑',
  '🛑🛑 STOP 🛑🛑',
  'STOPALL',
  'stop all',
  'UNSUBSCRIBE',
  'Unsubscribe me',
  'CANCEL',
  'Cancel.',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
  'OPT-OUT',
  'opt out',
  'REMOVE',
  'ARRET',
  'ARRÊT',
  'Arrêt.',
  'please stop texting me',
  'stop texting me',
  'Stop texting me about the warranty',
  'stop messaging me',
  'Can you stop sending me these messages?',
  'stop the texts please',
  "don't text me anymore",
  'Do not contact me.',
  'Please do NOT text me again!',
  'never text me again',
  "I don't want these texts",
  'no more texts',
  'No more messages, thanks',
  'remove me from your list',
  'Please remove my number from your texting list',
  'Take me off your list',
  'remove me',
  'How do I opt out?',
  'I revoke my consent',
  "Don't worry about it. Stop texting me",
  'Stop – thank you 🙏',
];

const NOT_OPT_OUTS: string[] = [
  "don't stop the work",
  "please don't stop",
  "Please don't stop texting me, I like the updates",
  'can you stop by the brake job?',
  'when does the shop stop taking cars',
  'end of day is fine',
  'cancel my appointment',
  'Can I cancel the tire rotation?',
  'quit making that noise?',
  'The alarm won’t stop beeping',
  "don't text me until it's ready",
  'Text me when it is done',
  'Please remove the old floor mats',
  'Can you take me to the shuttle?',
  "I don't want to opt out",
  'Stop by anytime after 3',
  'ok',
  'Thanks!',
  '👍',
  '',
];

const OPT_INS: string[] = ['START', 'Start', 'UNSTOP', 'YES', 'yes please', 'Yes!', 'Yes, thank you', 'start texting me again', 'Please start texting me again 😊'];

const NOT_OPT_INS: string[] = ["Yes, I'll pick it up at 5", 'when will you start the work?', 'Start the car and let it idle', 'yes but only the oil change'];

const HELPS: string[] = ['HELP', 'help', 'Help!', 'INFO', 'info please'];
const NOT_HELPS: string[] = ['I need help with my car', 'more info on the quote?'];

describe('consentIntent', () => {
  it.each(OPT_OUTS)('reads %j as an opt-out', (text) => {
    expect(consentIntent(text).intent).toBe<ConsentIntent>('opt_out');
  });

  it.each(NOT_OPT_OUTS)('does not read %j as an opt-out', (text) => {
    expect(consentIntent(text).intent).not.toBe<ConsentIntent>('opt_out');
  });

  it.each(OPT_INS)('reads %j as an opt-in', (text) => {
    expect(consentIntent(text).intent).toBe<ConsentIntent>('opt_in');
  });

  it.each(NOT_OPT_INS)('does not read %j as an opt-in', (text) => {
    expect(consentIntent(text).intent).toBeNull();
  });

  it.each(HELPS)('reads %j as a request for help', (text) => {
    expect(consentIntent(text).intent).toBe<ConsentIntent>('help');
  });

  it.each(NOT_HELPS)('does not read %j as a request for help', (text) => {
    expect(consentIntent(text).intent).toBeNull();
  });

  it('names the keyword upper case, without accents, politeness or punctuation', () => {
    expect(consentIntent('Stop. Thank you')).toEqual({ intent: 'opt_out', keyword: 'STOP' });
    expect(consentIntent('Arrêt !')).toEqual({ intent: 'opt_out', keyword: 'ARRET' });
    expect(consentIntent('opt-out')).toEqual({ intent: 'opt_out', keyword: 'OPT-OUT' });
    expect(consentIntent('OPT OUT please')).toEqual({ intent: 'opt_out', keyword: 'OPT OUT' });
    expect(consentIntent('yes please')).toEqual({ intent: 'opt_in', keyword: 'YES' });
    expect(consentIntent('Info')).toEqual({ intent: 'help', keyword: 'INFO' });
    expect(consentIntent('Stop stop STOP')).toEqual({ intent: 'opt_out', keyword: 'STOP' });
  });

  it('lets an opt-out win over other keywords in the same text', () => {
    expect(consentIntent('STOP HELP')).toEqual({ intent: 'opt_out', keyword: 'STOP' });
    expect(consentIntent('yes stop')).toEqual({ intent: 'opt_out', keyword: 'STOP' });
  });

  it('names the phrase that decided a longer text', () => {
    expect(consentIntent('Hi, please stop texting me about the recall')).toEqual({ intent: 'opt_out', keyword: 'STOP TEXTING ME' });
    expect(consentIntent("Don't text me anymore!")).toEqual({ intent: 'opt_out', keyword: "DON'T TEXT ME ANYMORE" });
    expect(consentIntent('Start texting me again')).toEqual({ intent: 'opt_in', keyword: 'START TEXTING ME AGAIN' });
  });

  it('answers no intent and no keyword for an ordinary reply', () => {
    expect(consentIntent('Sounds good, see you at 4')).toEqual({ intent: null, keyword: null });
  });
});
