/**
 * The consent invariant, property-based (test/support/consent-model.ts): no sequence of sends,
 * replies, DMS updates, new records of the number (booked, fed, renumbered onto it), scheduled and
 * automated texts and jobs puts a text to an opted-out or
 * landline number at the carrier, the keyword answers the carrier rules allow aside. The seed is
 * fixed and printed; CONSENT_SEED and CONSENT_RUNS replay or widen a run.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  checkConsentProperty,
  failureReport,
  judge,
  prepareConsentStack,
  restoreConsentStack,
  runSequence,
  type ConsentModel,
  type ConsentStack,
} from '../support/consent-model.js';
import { useStackEnv } from '../support/service.js';

const SEED = Number(process.env.CONSENT_SEED ?? 20260612);
const RUNS = Number(process.env.CONSENT_RUNS ?? 1000);
const CONCURRENCY = Number(process.env.CONSENT_CONCURRENCY ?? 8);

let stack: ConsentStack;

beforeAll(async () => {
  useStackEnv();
  process.env.LOG_LEVEL = 'silent';
  stack = await prepareConsentStack(inject('baseUrl'), inject('carrierUrl'));
});

afterAll(async () => {
  if (stack) await restoreConsentStack(stack);
});

describe('the consent checker (judge)', () => {
  const textable: ConsentModel = { optedOut: false, line: 'mobile' };
  const out: ConsentModel = { optedOut: true, line: 'mobile' };
  const landline: ConsentModel = { optedOut: false, line: 'landline' };
  const CONFIRMATION = 'You are unsubscribed';

  it('flags any text to a number opted out before and after the command', () => {
    expect(judge(out, out, [{ text: 'Your car is ready' }], null)).toMatch(/while the number was opted out/);
    expect(judge(landline, landline, [{ text: 'Your car is ready' }], null)).toMatch(/while the number was a landline/);
  });

  it("allows the keyword's answer once, and nothing after a STOP's confirmation", () => {
    expect(judge(out, out, [{ text: CONFIRMATION }], CONFIRMATION)).toBeNull();
    expect(judge(out, out, [{ text: CONFIRMATION }, { text: CONFIRMATION }], CONFIRMATION)).toMatch(/opted out/);
    expect(judge(textable, out, [{ text: 'Held text' }, { text: CONFIRMATION }], CONFIRMATION)).toBeNull();
    expect(judge(textable, out, [{ text: CONFIRMATION }, { text: 'Held text' }], CONFIRMATION)).toMatch(/"Held text" while the number was opted out/);
  });

  it("judges a START's texts before its confirmation as after it (the opt-out is lifted first), but not a YES that lifts nothing", () => {
    expect(judge(out, textable, [{ text: 'Held text' }, { text: CONFIRMATION }], CONFIRMATION)).toBeNull();
    expect(judge(out, out, [{ text: 'Held text' }, { text: CONFIRMATION }], CONFIRMATION)).toMatch(/"Held text" while the number was opted out/);
  });

  it('lets texts through while the number may be texted, and leaves a change of state to the next check', () => {
    expect(judge(textable, textable, [{ text: 'Hello' }], null)).toBeNull();
    expect(judge(textable, out, [{ text: 'Sent by a job just before' }], null)).toBeNull();
  });
});

describe('consent invariant (property-based, against the local stack)', () => {
  it('a STOP silences the number: the agent, the DMS, vehicle ready and the jobs text it no more', async () => {
    // One hand-written sequence first: the property's machinery on a case whose outcome is known.
    const tally = await runSequence(stack, {
      start: { optIn: true, line: 'mobile' },
      commands: [
        { kind: 'send', order: 0, when: 'now' },
        { kind: 'send', order: 0, when: 'soon' },
        { kind: 'reply', words: 'STOP' },
        { kind: 'dms_opt_in' },
        { kind: 'send', order: 0, when: 'now' },
        { kind: 'vehicle_ready', order: 0 },
        { kind: 'job', name: 'scheduled_messages' },
        { kind: 'reply', words: 'YES' },
        { kind: 'quiet_hours', order: 0, confirm: true },
        { kind: 'reply', words: 'START' },
        { kind: 'send', order: 0, when: 'now' },
      ],
    });
    // The first text, the STOP's confirmation, the START's confirmation and the text after it.
    expect(tally).toMatchObject({ commands: 11, textsAllowed: 2, keywordAnswers: 2 });
  });

  it('a STOP reaches the records the number gets later: a booked new customer and a renumbered record, until the customer texts START', async () => {
    const tally = await runSequence(stack, {
      start: { optIn: true, line: 'mobile' },
      commands: [
        { kind: 'reply', words: 'STOP' },
        { kind: 'book_new' },
        { kind: 'send', order: 1, when: 'now' },
        { kind: 'renumber', optIn: true },
        { kind: 'send', order: 2, when: 'now' },
        { kind: 'dms_opt_in' },
        { kind: 'send', order: 1, when: 'soon' },
        { kind: 'job', name: 'scheduled_messages' },
        { kind: 'reply', words: 'START' },
        { kind: 'send', order: 1, when: 'now' },
        { kind: 'send', order: 2, when: 'now' },
      ],
    });
    // The STOP's and the START's confirmations, and the two texts after the START.
    expect(tally).toMatchObject({ commands: 11, textsAllowed: 2, keywordAnswers: 2 });
  });

  it(`holds for ${RUNS} generated sequences (seed ${SEED})`, async () => {
    console.log(`consent property: seed ${SEED}, ${RUNS} sequences, ${CONCURRENCY} at a time (CONSENT_SEED / CONSENT_RUNS to change)`);
    const result = await checkConsentProperty(stack, { runs: RUNS, seed: SEED, concurrency: CONCURRENCY });
    console.log(`consent property: ${result.commands} commands in ${result.seconds} s; ${result.texts_allowed} texts reached textable numbers, ${result.keyword_answers} keyword answers; mean ms by command ${JSON.stringify(result.mean_ms_by_command)}`);
    expect(result.failure, failureReport(result)).toBeNull();
    // Not vacuous: the sequences did text customers who could be texted, and did answer keywords.
    expect(result.texts_allowed).toBeGreaterThan(RUNS / 4);
    expect(result.keyword_answers).toBeGreaterThan(RUNS / 10);
  }, 900_000);
});
