/**
 * The demo dealership's internal chat (functions/lib/boardModule.ts `local.demo`): a direct chat
 * between Nina Patel (chat only) and Priya Raman (advisor) whose last message Nina has not read, a
 * cross-store direct chat between Priya and Carmen Reyes (South), and North's "Loaner fleet" group
 * that Marcus Bell (manager) runs, with reactions and a mention of Nina she has not read. Written through the board's store and the
 * conversation core, as the API does; a room already there is left as it is (a seed cut short is
 * redone room by room). Rick Dalton (former@, inactive) is in no room.
 */
import { agentRef, getAgent, type AgentRecord } from '../lib/agents.js';
import { MAX_REACTION_EMOJI } from '../../shared/reactions.js';
import { addReaction, appendMessage, newMessage } from '../messages/records.js';
import { roomOwner } from './owner.js';
import { createRoom, directRoomId, getRoom, type ChatroomRecord } from './records.js';

const COMPANY = 'cmp_demo';
/** A message: who wrote it, when, the words, whom it mentions, and who reacted with what. */
type Line = [author: string, minutesAgo: number, text: string, mentions?: string[], reactions?: Record<string, string[]>];

interface DemoRoom {
  id: string;
  direct: boolean;
  name?: string;
  description?: string;
  owner?: string;
  members: string[];
  lines: Line[];
}

const ROOMS: DemoRoom[] = [
  {
    id: directRoomId('agt_chat', 'agt_advisor'),
    direct: true,
    members: ['agt_advisor', 'agt_chat'],
    lines: [
      ['agt_advisor', 95, 'Nina, is the shuttle going downtown at 11?'],
      ['agt_chat', 90, 'Yes, 11 sharp. Two seats left.'],
      ['agt_advisor', 12, 'Great, please hold one for Mr. Alvarez (white Camry).'],
    ],
  },
  {
    id: directRoomId('agt_advisor', 'agt_south_advisor'),
    direct: true,
    members: ['agt_advisor', 'agt_south_advisor'],
    lines: [
      ['agt_south_advisor', 240, 'Do you have a spare TPMS sensor for a 2021 F-150? Ours are out.'],
      ['agt_advisor', 230, 'Two on the shelf. I can send one with the afternoon transfer.'],
    ],
  },
  {
    id: 'chr_demo_loaner_fleet',
    direct: false,
    name: 'Loaner fleet',
    description: 'Who has which loaner, and when they come back',
    owner: 'agt_manager',
    members: ['agt_manager', 'agt_admin', 'agt_advisor', 'agt_chat'],
    lines: [
      ['agt_manager', 180, 'Heads up: the loaner fleet is out until 3 pm. Offer the shuttle instead.', [], { '👍': ['agt_advisor', 'agt_chat', 'agt_admin'] }],
      ['agt_chat', 170, 'Noted, I will tell the front desk.', [], { '🙏': ['agt_manager'] }],
      ['agt_advisor', 60, 'Mrs. Okafor waits for her Civic until 4: I gave her a shuttle seat.'],
      ['agt_admin', 30, '@Nina Patel two loaners are back from detailing at North: can you let the front desk know?', ['agt_chat'], { '✅': ['agt_manager'] }],
    ],
  },
];

export async function seedDemo(): Promise<void> {
  for (const demo of ROOMS) {
    if (await getRoom(COMPANY, demo.id, true)) continue;
    const agents = (await Promise.all(demo.members.map((id) => getAgent(COMPANY, id)))).filter((a): a is AgentRecord => a !== undefined && a.active);
    const first = demo.lines[0]![1];
    const createdAt = new Date(Date.now() - (first + 5) * 60_000).toISOString();
    const room: ChatroomRecord = {
      id: demo.id,
      company_id: COMPANY,
      location_id: agents[0]!.location_id,
      direct: demo.direct,
      name: demo.name ?? '',
      description: demo.description ?? '',
      owner_id: demo.owner ?? null,
      participants: agents.map(agentRef),
      bumped_at: null,
      message_count: 0,
      created_at: createdAt,
      updated_at: createdAt,
      version: 1,
    };
    if (!(await createRoom(room))) continue;
    for (const [author, minutesAgo, text, mentions = [], reactions = {}] of demo.lines) {
      const current = (await getRoom(COMPANY, demo.id, true))!;
      const agent = agents.find((a) => a.id === author)!;
      const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
      const message = newMessage(roomOwner(current), { direction: 'outbound', text, at, agent: agentRef(agent), mentions, status: 'delivered', statusAt: at });
      await appendMessage(roomOwner(current), message);
      for (const [emoji, who] of Object.entries(reactions)) {
        for (const id of who) await addReaction(COMPANY, message.message_thread_id, message.id, emoji, id, MAX_REACTION_EMOJI);
      }
    }
  }
}
