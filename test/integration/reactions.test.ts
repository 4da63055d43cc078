/**
 * Reactions on a message of any conversation (PUT / DELETE {conversation}/messages/{message_id}/reactions):
 * idempotent per agent and emoji, every reaction counted under concurrency, refusals, and the
 * message heard again by every console.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MAX_REACTION_EMOJI } from '../../shared/reactions.js';
import { channels, cursorAt, eventsAfter } from '../../functions/lib/realtime.js';
import { createAgent } from '../support/ownStore.js';
import { startSession } from '../../functions/lib/session.js';
import { api, signIn, type ApiClient } from '../support/api.js';
import { DEMO_NORTH, createRepairOrder, useStackEnv } from '../support/service.js';

const baseUrl = inject('baseUrl');
const { companyId, locationId } = DEMO_NORTH;
let advisor: ApiClient;
let manager: ApiClient;

const reactions = (roId: string, messageId: string) => `/api/repair_orders/${roId}/messages/${messageId}/reactions`;

/** An order with one note on it to react to. */
async function noted(): Promise<{ roId: string; messageId: string }> {
  const { ro } = await createRepairOrder();
  const res = await advisor.post(`/api/repair_orders/${ro.id}/messages`, { message: { text: 'Loaner fleet is out today', staff_note: true } }, { 'idempotency-key': randomUUID() });
  return { roId: ro.id, messageId: res.body.message.id };
}

/** `count` service advisors of the north store, signed in. */
async function advisors(count: number): Promise<{ id: string; client: ApiClient }[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const agent = await createAgent(DEMO_NORTH, `agt_react_${randomUUID().slice(0, 8)}_${i}`, 'Reacting', `Advisor ${i}`);
      const session = await startSession(agent, 'password', false);
      return { id: agent.id, client: api(baseUrl, session.access_token) };
    }),
  );
}

beforeAll(async () => {
  useStackEnv();
  process.env.LOG_LEVEL = 'silent';
  advisor = api(baseUrl, await signIn(baseUrl, 'advisor@demo.example'));
  manager = api(baseUrl, await signIn(baseUrl, 'manager@demo.example'));
});

describe('PUT {conversation}/messages/{message_id}/reactions', () => {
  it('adds the agent to the emoji and answers the message; twice is once', async () => {
    const { roId, messageId } = await noted();
    const first = await advisor.put(reactions(roId, messageId), { emoji: '👍' });
    const again = await advisor.put(reactions(roId, messageId), { emoji: '👍' });
    expect(first.status).toBe(200);
    expect(first.body.message.reactions).toEqual({ '👍': ['agt_advisor'] });
    expect(again.body.message.reactions).toEqual({ '👍': ['agt_advisor'] });
    const list = await manager.get(`/api/repair_orders/${roId}/messages`);
    expect(list.body.messages[0].reactions).toEqual({ '👍': ['agt_advisor'] });
  });

  it("tells the conversation's listeners the message changed", async () => {
    const { roId, messageId } = await noted();
    const from = cursorAt(Date.now() - 1000);
    await manager.put(reactions(roId, messageId), { emoji: '❤️' });
    const heard = (await eventsAfter(companyId, channels.managerRepairOrders(locationId), from, true)).filter((e) => e.type === 'message.updated');
    expect(heard.map((e) => (e.data as { message: { id: string; reactions: unknown } }).message)).toContainEqual(
      expect.objectContaining({ id: messageId, reactions: { '❤️': ['agt_manager'] } }),
    );
  });

  it('counts every one of 20 agents reacting at once with the same emoji, and with different ones, none twice', async () => {
    // Prepare
    const { roId, messageId } = await noted();
    const agents = await advisors(20);
    const emoji = ['😀', '😃', '😄', '😁', '😆', '😅', '🤣', '😂', '🙂', '🙃'];
    // Act: each agent twice with 👍, and once with one of ten others, all at once
    await Promise.all(
      agents.flatMap((a, i) => [
        a.client.put(reactions(roId, messageId), { emoji: '👍' }),
        a.client.put(reactions(roId, messageId), { emoji: '👍' }),
        a.client.put(reactions(roId, messageId), { emoji: emoji[i % emoji.length] }),
      ]),
    );
    // Assess
    const list = await advisor.get(`/api/repair_orders/${roId}/messages`);
    const held: Record<string, string[]> = list.body.messages[0].reactions;
    expect(held['👍']).toEqual(agents.map((a) => a.id).sort());
    for (const [i, e] of emoji.entries()) expect(held[e]).toEqual(agents.filter((_, j) => j % emoji.length === i).map((a) => a.id).sort());
  });

  it(`holds at most ${MAX_REACTION_EMOJI} different emoji, even when they come at once`, async () => {
    const { roId, messageId } = await noted();
    const many = Array.from({ length: MAX_REACTION_EMOJI + 5 }, (_, i) => String.fromCodePoint(0x1f600 + i));
    const answers = await Promise.all(many.map((emoji) => advisor.put(reactions(roId, messageId), { emoji })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(MAX_REACTION_EMOJI);
    const refused = answers.filter((a) => a.status === 422);
    expect(refused).toHaveLength(5);
    expect(JSON.stringify(refused[0]!.body)).toContain(`up to ${MAX_REACTION_EMOJI} different reactions`);
    // An emoji already there can still be added to by a colleague.
    const held = await manager.put(reactions(roId, messageId), { emoji: many[0] });
    expect(held.status).toBe(200);
  });

  it('refuses what is not one emoji (422), an unknown message (404), another company (404)', async () => {
    const { roId, messageId } = await noted();
    for (const emoji of ['', 'ok', '👍👍', '👍 ', 'a👍', 'x'.repeat(40)]) {
      const res = await advisor.put(reactions(roId, messageId), { emoji });
      expect(res.status, emoji).toBe(422);
      expect(JSON.stringify(res.body)).toContain('A reaction is one emoji');
    }
    expect((await advisor.put(reactions(roId, messageId), {})).status).toBe(422);
    expect((await advisor.put(reactions(roId, 'msg_nothing'), { emoji: '👍' })).status).toBe(404);
    const rival = api(baseUrl, await signIn(baseUrl, 'rival@demo.example'));
    expect((await rival.put(reactions(roId, messageId), { emoji: '👍' })).status).toBe(404);
    // A message of another conversation, under this one's path.
    const other = await noted();
    expect((await advisor.put(reactions(roId, other.messageId), { emoji: '👍' })).status).toBe(404);
    // An agent who may not see the conversation.
    const hr = api(baseUrl, await signIn(baseUrl, 'hr@demo.example'));
    expect([403, 404]).toContain((await hr.put(reactions(roId, messageId), { emoji: '👍' })).status);
  });

  it('takes flags, keycaps and joined emoji as one', async () => {
    const { roId, messageId } = await noted();
    for (const emoji of ['🇺🇸', '1️⃣', '👩‍🔧', '👍🏽', '❤️']) expect((await advisor.put(reactions(roId, messageId), { emoji })).status, emoji).toBe(200);
  });
});

describe('DELETE {conversation}/messages/{message_id}/reactions', () => {
  it("takes the agent's emoji back; one never given changes nothing; an emoji nobody holds is gone", async () => {
    const { roId, messageId } = await noted();
    await advisor.put(reactions(roId, messageId), { emoji: '👍' });
    await manager.put(reactions(roId, messageId), { emoji: '👍' });
    const mine = await advisor.del(reactions(roId, messageId), { emoji: '👍' });
    expect(mine.status).toBe(200);
    expect(mine.body.message.reactions).toEqual({ '👍': ['agt_manager'] });
    const never = await advisor.del(reactions(roId, messageId), { emoji: '🙏' });
    expect(never.body.message.reactions).toEqual({ '👍': ['agt_manager'] });
    const last = await manager.del(reactions(roId, messageId), { emoji: '👍' });
    expect(last.body.message.reactions).toEqual({});
    expect((await advisor.del(reactions(roId, 'msg_nothing'), { emoji: '👍' })).status).toBe(404);
  });
});
