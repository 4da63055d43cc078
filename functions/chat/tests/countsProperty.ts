/**
 * The unread and mention counts, property-based: random sequences of sends (with mentions), read
 * marks (through a message seen, or through the newest), a send racing a read mark, and archives,
 * by several agents of one group; after every step each agent's counts equal a recount from the
 * messages themselves (others' messages after the agent's latest read mark), and each agent's
 * archive state is what their own actions and the room's messages say. Run by the integration
 * test (modest) and by the bench (many more runs).
 */
import fc from 'fast-check';
import type { AgentRef } from '../../../shared/people.js';
import '../../messages/boards.js';
import { appendMessage, messagesOf, newMessage, type MessageRecord } from '../../messages/records.js';
import { roomOwner } from '../owner.js';
import { createRoom, getRoom, markRead, newGroupId, participationsOfRoom, setArchived, type ChatroomRecord } from '../records.js';

const AGENTS = 4;
const agent = fc.nat({ max: AGENTS - 1 });
export type Step =
  | { kind: 'send'; by: number; mentions: number[] }
  | { kind: 'read'; by: number; through: number | null }
  | { kind: 'race'; by: number; reader: number; through: number }
  | { kind: 'archive'; by: number; archived: boolean };

export const steps: fc.Arbitrary<Step[]> = fc.array(
  fc.oneof(
    { weight: 5, arbitrary: fc.record({ kind: fc.constant('send' as const), by: agent, mentions: fc.uniqueArray(agent, { maxLength: 2 }) }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('read' as const), by: agent, through: fc.option(fc.nat({ max: 20 }), { nil: null }) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('race' as const), by: agent, reader: agent, through: fc.nat({ max: 20 }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('archive' as const), by: agent, archived: fc.boolean() }) },
  ),
  { minLength: 1, maxLength: 12 },
);

/** Runs one sequence in a fresh room of `companyId`; throws with the step and the difference when a count is wrong. */
export async function checkSequence(companyId: string, sequence: Step[]): Promise<void> {
  const people: AgentRef[] = Array.from({ length: AGENTS }, (_, i) => ({ id: `agt_p${i}`, first_name: `P${i}`, last_name: 'Model' }));
  const at = new Date().toISOString();
  const room: ChatroomRecord = {
    id: newGroupId(),
    company_id: companyId,
    location_id: 'loc_model',
    direct: false,
    name: 'Model',
    description: 'Property test',
    owner_id: people[0]!.id,
    participants: people,
    bumped_at: null,
    message_count: 0,
    created_at: at,
    updated_at: at,
    version: 1,
  };
  await createRoom(room);
  const marks: (string | null)[] = people.map(() => null);
  const archived: boolean[] = people.map(() => false);
  const sent: MessageRecord[] = [];
  const send = async (by: number, mentions: number[]) => {
    const current = (await getRoom(companyId, room.id, true))!;
    const owner = roomOwner(current);
    const message = newMessage(owner, { direction: 'outbound', text: 'x', agent: people[by], status: 'delivered', mentions: mentions.filter((m) => m !== by).map((m) => people[m]!.id) });
    await appendMessage(owner, message);
    sent.push(message);
    archived.fill(false);
  };
  const read = async (by: number, through: string | null) => {
    const newestOthers = sent.filter((m) => m.agent?.id !== people[by]!.id).map((m) => m.id).sort().at(-1) ?? null;
    // Through the newest: what the reader has pending now (a send racing it is never passed as null).
    const upTo = through ?? newestOthers;
    await markRead(companyId, room.id, people[by]!.id, through);
    if (upTo && (!marks[by] || marks[by]! < upTo)) marks[by] = upTo;
  };
  for (const [index, step] of sequence.entries()) {
    if (step.kind === 'send') await send(step.by, step.mentions);
    else if (step.kind === 'read') await read(step.by, step.through === null || sent.length === 0 ? null : sent[step.through % sent.length]!.id);
    else if (step.kind === 'race') {
      if (sent.length === 0) await send(step.by, []);
      else await Promise.all([send(step.by, [step.reader]), read(step.reader, sent[step.through % sent.length]!.id)]);
    } else {
      await setArchived(companyId, room.id, people[step.by]!.id, step.archived);
      archived[step.by] = step.archived;
    }
    const [lines, messages] = await Promise.all([participationsOfRoom(companyId, room.id), messagesOf(companyId, room.id.replace(/^/, 'thr_'), 0, 1000)]);
    for (const [i, person] of people.entries()) {
      const line = lines.find((l) => l.agent_id === person.id);
      const unread = messages.filter((m) => m.agent?.id !== person.id && (!marks[i] || m.id > marks[i]!));
      const expected = { unread: unread.length, mentions: unread.filter((m) => (m.mentions ?? []).includes(person.id)).length, archived: archived[i] };
      const actual = { unread: line?.pending?.size ?? 0, mentions: line?.mentioned?.size ?? 0, archived: line?.archived ?? false };
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        throw new Error(`after step ${index} (${JSON.stringify(step)}) agent ${i}: counts ${JSON.stringify(actual)}, recount ${JSON.stringify(expected)}`);
      }
    }
  }
}

/** fast-check over `runs` sequences (fixed seed: a failure replays). */
export async function checkCounts(companyId: string, runs: number, seed = 20261126): Promise<void> {
  await fc.assert(
    fc.asyncProperty(steps, (sequence) => checkSequence(companyId, sequence)),
    { numRuns: runs, seed },
  );
}
