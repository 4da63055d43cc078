/**
 * The reports' listener (issue 24): every change of the table asked for its facts (the core's
 * sources and every board's `tallies`), each fact kept once and added to its counters
 * (facts.ts `countFact`), and the conversations' waits for a first answer kept (texting.ts).
 * Finding a conversation's advisor needs the boards' owner ports: the Lambda that runs the
 * listeners (functions/tableStream/handler.ts) imports functions/messages/boards.ts, as every entry does.
 */
import type { Fact, TableChange, TableListener, TallySource } from '../lib/boardModule.js';
import { boards } from '../lib/boardList.js';
import { logger } from '../lib/log.js';
import { consentFacts, lineFacts } from './consent.js';
import { countFact } from './facts.js';
import { storeFacts } from './stores.js';
import { keepWaits, messageFacts } from './texting.js';

/** The core's records' parts in the reports: messages, the consent ledger, contacts' line types. */
const CORE_SOURCES: readonly TallySource[] = [messageFacts, consentFacts, lineFacts];

/** The reports' own items, never a source of facts. */
const OWN = /^COMPANY#[^#]+#LOCATION#[^#]+#(TALLY|TALLYM|TALLYY|FACTS|TALLYWAIT)#/;

async function factsOf(change: TableChange): Promise<Fact[]> {
  const sources = [...CORE_SOURCES, ...boards().flatMap((board) => (board.tallies ? [board.tallies] : []))];
  return (await Promise.all(sources.map((source) => source(change)))).flat();
}

/** One change: its facts counted, then its conversation's waits. */
export async function tallyChange(change: TableChange): Promise<void> {
  if (!change.new) return;
  for (const fact of await factsOf(change)) {
    const { timezone } = await storeFacts(fact.company_id, fact.location_id);
    await countFact(fact, timezone);
  }
  await keepWaits(change);
}

export const tallyListener: TableListener = {
  name: 'tallies',
  wants: (keys) => keys.pk.startsWith('COMPANY#') && !OWN.test(keys.pk),
  apply: async (changes) => {
    for (const change of changes) {
      try {
        await tallyChange(change);
      } catch (err) {
        logger.error('A change could not be counted', { change: change.id, pk: change.keys.pk, sk: change.keys.sk, err });
        throw err;
      }
    }
  },
};
