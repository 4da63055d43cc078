/**
 * The table's stream (issue 24): every board's listeners (functions/lib/boardModule.ts
 * `listeners`: the reports' tallies, the history search's entries) get the changes they want from
 * each batch. In AWS a DynamoDB event source invokes it (infra/tableStream.ts); locally the stack's
 * stream reader does (infra/local/tableStream.ts), with the same event.
 *
 * A listener that fails fails the batch: the event source hands the batch again (split in halves,
 * so one bad change cannot hold the rest back for long), and every listener sees it again, which
 * their idempotence makes harmless.
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import type { TableChange, TableListener } from '../lib/boardModule.js';
import { boards } from '../lib/boardList.js';
import { logger } from '../lib/log.js';
import '../messages/boards.js';
import { changeOf } from './changes.js';

let listeners: readonly TableListener[] | undefined;

/** Every board's listeners, in the registry's order. */
export function tableListeners(): readonly TableListener[] {
  listeners ??= boards().flatMap((board) => board.listeners ?? []);
  return listeners;
}

/** Runs each listener on the changes it wants; throws when any failed, after all have run. */
export async function applyChanges(changes: readonly TableChange[], to: readonly TableListener[] = tableListeners()): Promise<void> {
  const results = await Promise.allSettled(
    to.map(async (listener) => {
      const wanted = changes.filter((change) => listener.wants(change.keys));
      if (wanted.length > 0) await listener.apply(wanted);
      return wanted.length;
    }),
  );
  const failed = results.flatMap((result, i) => (result.status === 'rejected' ? [{ listener: to[i]!.name, error: result.reason as Error }] : []));
  for (const { listener, error } of failed) logger.error('table listener failed', { listener, error: error.message, changes: changes.length });
  if (failed.length > 0) throw new Error(`table listeners failed: ${failed.map((f) => f.listener).join(', ')}`);
}

export async function handler(event: DynamoDBStreamEvent): Promise<void> {
  const changes = event.Records.flatMap((record) => changeOf(record) ?? []);
  await applyChanges(changes);
}
