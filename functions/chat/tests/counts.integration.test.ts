/**
 * Unread and mention counts stay exact under any sequence of sends, mentions, read marks (also one
 * racing a send) and archives by several agents (tests/countsProperty.ts); CHAT_COUNT_RUNS widens it.
 */
import { beforeAll, describe, it } from 'vitest';
import { useStackEnv } from '../../../test/support/service.js';
import { checkCounts } from './countsProperty.js';

const RUNS = Number(process.env.CHAT_COUNT_RUNS ?? 100);

beforeAll(() => {
  useStackEnv();
  process.env.LOG_LEVEL = 'silent';
});

describe('chat counts', () => {
  it(`equal a recount from the messages after every step (${RUNS} random sequences)`, async () => {
    await checkCounts(`cmp_chatmodel_${Date.now().toString(36)}`, RUNS);
  }, 240_000);
});
