/**
 * The internal chat's routes (SPEC §7 chatrooms) on the conversation core: direct rooms (one per
 * pair, also when ten requests race), groups and SPEC §5's texts, members, leaving, who may read and
 * write (participants only: 404 for anyone else), messages among agents (never handed to the
 * carrier), exact unread counts and read marks, read receipts, archive per participant and per
 * room, the inbox, the settings, and who hears what on the stream.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Chatroom } from '../../../shared/chat/chatrooms.js';
import { NO_GROUP_USERS, GROUP_DESCRIPTION_REQUIRED } from '../../../shared/chat/chatrooms.js';
import type { AgentRecord } from '../../lib/agents.js';
import { channels, cursorAt, eventsAfter } from '../../lib/realtime.js';
import { getMessage } from '../../messages/records.js';
import { api, signIn, type ApiClient } from '../../../test/support/api.js';
import { accessFlags, createAgent, createOwnStore, type OwnStore } from '../../../test/support/ownStore.js';
import { useStackEnv } from '../../../test/support/service.js';

const baseUrl = inject('baseUrl');

let store: OwnStore;
let rival: OwnStore;
const agents: Record<string, AgentRecord> = {};
const clients: Record<string, ApiClient> = {};

async function member(tag: string, overrides: Partial<AgentRecord> = {}, where: OwnStore = store): Promise<ApiClient> {
  const agent = await createAgent(where, `agt_${tag}_${Date.now().toString(36)}`, tag[0]!.toUpperCase() + tag.slice(1), 'Chatter', overrides);
  agents[tag] = agent;
  const client = api(baseUrl, await signIn(baseUrl, agent.email));
  clients[tag] = client;
  return client;
}

async function direct(from: ApiClient, to: string): Promise<Chatroom> {
  const res = await from.post('/api/chatrooms', { chatroom: { agent_id: agents[to]!.id } });
  expect([200, 201], res.text).toContain(res.status);
  return res.body.chatroom as Chatroom;
}

async function group(from: ApiClient, members: string[], name = 'Loaner fleet'): Promise<Chatroom> {
  const res = await from.post('/api/chatrooms', { chatroom: { name, description: 'Who has which loaner', agent_ids: members.map((m) => agents[m]!.id) } });
  expect(res.status, res.text).toBe(201);
  return res.body.chatroom as Chatroom;
}

async function say(from: ApiClient, room: Chatroom, text: string, extra: Record<string, unknown> = {}) {
  const res = await from.post(`/api/chatrooms/${room.id}/messages`, { message: { text, ...extra } });
  expect(res.status, res.text).toBe(201);
  return res.body.message as { id: string; text: string; metadata: { status: string } };
}

const roomOf = async (client: ApiClient, id: string): Promise<Chatroom> => {
  const res = await client.get(`/api/chatrooms/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.body.chatroom as Chatroom;
};
const listed = async (client: ApiClient, path = '/api/chatrooms'): Promise<Chatroom[]> => {
  const res = await client.get(path);
  expect(res.status, res.text).toBe(200);
  return res.body.chatrooms as Chatroom[];
};

beforeAll(async () => {
  useStackEnv();
  process.env.LOG_LEVEL = 'silent';
  store = await createOwnStore('chat');
  rival = await createOwnStore('chatrival');
  await member('ana');
  await member('ben');
  await member('cara', { location_id: store.otherLocationId });
  await member('dev');
  await member('eve');
  await member('nochat', { access_level: accessFlags('service') });
  await member('outsider', {}, rival);
  await createAgent(store, `agt_gone_${Date.now().toString(36)}`, 'Gone', 'Chatter', { active: false }).then((a) => (agents.gone = a));
});

describe('direct chats', () => {
  it('answers one room per pair: the second request finds the first room, whoever asks', async () => {
    const first = await clients.ana!.post('/api/chatrooms', { chatroom: { agent_id: agents.ben!.id } });
    expect(first.status, first.text).toBe(201);
    const again = await clients.ben!.post('/api/chatrooms', { chatroom: { agent_id: agents.ana!.id } });
    expect(again.status).toBe(200);
    expect(again.body.chatroom.id).toBe(first.body.chatroom.id);
    expect(first.body.chatroom).toMatchObject({ direct: true, companyGroups: false, companion: { id: agents.ben!.id }, name: 'Ben Chatter' });
  });

  it('keeps one room per pair when ten requests race', async () => {
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? clients.dev! : clients.eve!).post('/api/chatrooms', { chatroom: { agent_id: agents[i % 2 ? 'eve' : 'dev']!.id } })));
    expect(replies.map((r) => r.status).filter((s) => s === 201)).toHaveLength(1);
    expect(new Set(replies.map((r) => r.body.chatroom.id)).size).toBe(1);
    const devRooms = (await listed(clients.dev!)).filter((r) => r.companion?.id === agents.eve!.id);
    expect(devRooms).toHaveLength(1);
  });

  it('crosses the company’s stores but refuses oneself, other companies, inactive colleagues and agents without the chat', async () => {
    expect((await direct(clients.ana!, 'cara')).companion?.id).toBe(agents.cara!.id);
    const self = await clients.ana!.post('/api/chatrooms', { chatroom: { agent_id: agents.ana!.id } });
    expect(self.status).toBe(422);
    for (const who of ['outsider', 'gone', 'nochat']) {
      const res = await clients.ana!.post('/api/chatrooms', { chatroom: { agent_id: agents[who]!.id } });
      expect(res.status, who).toBe(404);
    }
  });

  it('lists colleagues of every store who use the chat, never inactive ones or oneself', async () => {
    const res = await clients.ana!.get('/api/chatrooms/colleagues');
    const ids = (res.body.colleagues as { id: string }[]).map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([agents.ben!.id, agents.cara!.id]));
    for (const who of ['ana', 'gone', 'nochat', 'outsider']) expect(ids).not.toContain(agents[who]!.id);
  });
});

describe('groups', () => {
  it("refuses a group without description or users (SPEC §5, §8)", async () => {
    const noUsers = await clients.ana!.post('/api/chatrooms', { chatroom: { name: 'Empty', description: 'd', agent_ids: [] } });
    expect(noUsers.status).toBe(422);
    expect(noUsers.text).toContain(NO_GROUP_USERS);
    const onlyMe = await clients.ana!.post('/api/chatrooms', { chatroom: { name: 'Me', description: 'd', agent_ids: [agents.ana!.id] } });
    expect(onlyMe.text).toContain(NO_GROUP_USERS);
    const noDescription = await clients.ana!.post('/api/chatrooms', { chatroom: { name: 'Quiet', description: '  ', agent_ids: [agents.ben!.id] } });
    expect(noDescription.status).toBe(422);
    expect(noDescription.text).toContain(GROUP_DESCRIPTION_REQUIRED);
  });

  it('renames, adds and removes members (the owner), and lets a member leave', async () => {
    const room = await group(clients.ana!, ['ben']);
    expect(room).toMatchObject({ direct: false, companyGroups: true, owner_id: agents.ana!.id, name: 'Loaner fleet' });
    const renamed = await clients.ben!.put(`/api/chatrooms/${room.id}`, { chatroom: { name: 'Loaners' } });
    expect(renamed.body.chatroom.name).toBe('Loaners');
    const added = await clients.ben!.post(`/api/chatrooms/${room.id}/members`, { agent_ids: [agents.cara!.id, agents.dev!.id] });
    expect(added.body.chatroom.participants.map((p: { id: string }) => p.id)).toHaveLength(4);
    expect((await clients.cara!.get(`/api/chatrooms/${room.id}`)).status).toBe(200);
    expect((await clients.ben!.put(`/api/chatrooms/${room.id}/members/remove`, { agent_ids: [agents.cara!.id] })).status).toBe(403);
    expect((await clients.ana!.put(`/api/chatrooms/${room.id}/members/remove`, { agent_ids: [agents.cara!.id] })).status).toBe(200);
    expect((await clients.cara!.get(`/api/chatrooms/${room.id}`)).status).toBe(404);
    expect((await clients.cara!.post(`/api/chatrooms/${room.id}/messages`, { message: { text: 'still here?' } })).status).toBe(404);
    expect((await clients.dev!.put(`/api/chatrooms/${room.id}/leave`)).status).toBe(204);
    expect((await clients.dev!.get(`/api/chatrooms/${room.id}`)).status).toBe(404);
    // The owner leaves: the group passes to the next member.
    await clients.ana!.put(`/api/chatrooms/${room.id}/leave`);
    expect((await roomOf(clients.ben!, room.id)).owner_id).toBe(agents.ben!.id);
    // Ben alone: no companion, so the room is off his list, and off its total.
    const total = async () => (await clients.ben!.get('/api/chatrooms?offset=0&limit=1')).body.meta.paging.total as number;
    const withRoom = (await listed(clients.ben!)).length;
    expect((await listed(clients.ben!)).map((r) => r.id)).not.toContain(room.id);
    expect(await total()).toBe(withRoom);
    await say(clients.ben!, room, 'anyone?');
    expect(await total()).toBe(withRoom);
    // Someone joins: the room is back, at its activity, and counted again.
    await clients.ben!.post(`/api/chatrooms/${room.id}/members`, { agent_ids: [agents.cara!.id] });
    expect((await listed(clients.ben!))[0]?.id).toBe(room.id);
    expect(await total()).toBe(withRoom + 1);
  });

  it('refuses group changes on a direct chat', async () => {
    const room = await direct(clients.ana!, 'ben');
    expect((await clients.ana!.put(`/api/chatrooms/${room.id}`, { chatroom: { name: 'x' } })).status).toBe(409);
    expect((await clients.ana!.put(`/api/chatrooms/${room.id}/leave`)).status).toBe(409);
  });
});

describe('who reads and writes', () => {
  it('answers 404 to anyone but the participants, 403 to an agent without the chat', async () => {
    const room = await direct(clients.ana!, 'ben');
    const nonParticipant = clients.eve!;
    const outsider = clients.outsider!;
    for (const client of [nonParticipant, outsider]) {
      expect((await client.get(`/api/chatrooms/${room.id}`)).status).toBe(404);
      expect((await client.get(`/api/chatrooms/${room.id}/messages`)).status).toBe(404);
      expect((await client.post(`/api/chatrooms/${room.id}/messages`, { message: { text: 'hi' } })).status).toBe(404);
      expect((await client.put(`/api/message_threads/${room.message_thread.id}/read`)).status).toBe(404);
      expect((await client.put(`/api/chatrooms/${room.id}/archive`)).status).toBe(404);
    }
    expect((await clients.nochat!.get('/api/chatrooms')).status).toBe(403);
    expect((await clients.nochat!.get(`/api/chatrooms/${room.id}`)).status).toBe(403);
    expect((await clients.ana!.get('/api/chatrooms/chr_unknown')).status).toBe(404);
    expect((await clients.ana!.put('/api/message_threads/thr_ro_1/read')).status).toBe(404);
  });
});

describe('messages among agents', () => {
  it('delivers at once, never through the carrier, pages 10 newest first, refuses blank and scheduled ones', async () => {
    const room = await group(clients.ana!, ['ben', 'eve'], 'Parts desk');
    const sent = await say(clients.ana!, room, 'Is the brake kit in?');
    expect(sent.metadata.status).toBe('delivered');
    for (let i = 0; i < 10; i += 1) await say(clients.ben!, room, `line ${i}`);
    const page = await clients.eve!.get(`/api/chatrooms/${room.id}/messages`);
    expect(page.body.messages).toHaveLength(10);
    expect(page.body.messages[0].text).toBe('line 9');
    expect(page.body.meta.paging.total).toBe(11);
    expect((await clients.ana!.post(`/api/chatrooms/${room.id}/messages`, { message: { text: '  ' } })).status).toBe(422);
    const scheduled = await clients.ana!.post(`/api/chatrooms/${room.id}/messages`, { message: { text: 'later', send_at: new Date(Date.now() + 3_600_000).toISOString() } });
    expect(scheduled.status).toBe(422);
    // Handing a text to the carrier records its intent first (functions/messages/delivery.ts): none here.
    const stored = await getMessage(store.companyId, sent.id);
    expect(stored).toMatchObject({ carrier_message_id: null, to_number: null, from_number: null, customer_id: '' });
    expect(stored?.send_intent ?? null).toBeNull();
  });

  it('sends once per Idempotency-Key', async () => {
    const room = await direct(clients.ana!, 'eve');
    const headers = { 'Idempotency-Key': `chat-${Date.now()}` };
    // A retry of the same request (the house's idempotency layer answers a duplicate still in flight with 409).
    const a = await clients.ana!.post(`/api/chatrooms/${room.id}/messages`, { message: { text: 'once' } }, headers);
    const b = await clients.ana!.post(`/api/chatrooms/${room.id}/messages`, { message: { text: 'once' } }, headers);
    expect([a!.status, b!.status], `${a!.text} ${b!.text}`).toEqual([201, 201]);
    expect(a!.body.message.id).toBe(b!.body.message.id);
    expect((await roomOf(clients.eve!, room.id)).unread_count).toBe(1);
  });
});

describe('unread counts and read marks', () => {
  it('counts for everyone but the author, and a read mark clears only up to the message read', async () => {
    const room = await group(clients.ana!, ['ben', 'eve'], 'Counts');
    const first = await say(clients.ana!, room, 'one');
    await say(clients.ana!, room, 'two');
    expect(await roomOf(clients.ben!, room.id)).toMatchObject({ unread_count: 2, is_unread: true });
    expect((await roomOf(clients.ana!, room.id)).unread_count).toBe(0);
    expect((await listed(clients.ben!, '/api/chatrooms/inbox')).map((r) => r.id)).toContain(room.id);
    // Ben read through the first; the second arrived before his mark: it stays unread.
    const read = await clients.ben!.put(`/api/message_threads/${room.message_thread.id}/read`, { message_id: first.id });
    expect(read.status, read.text).toBe(200);
    expect(read.body.chatroom).toMatchObject({ unread_count: 1, is_unread: true });
    await clients.ben!.put(`/api/message_threads/${room.message_thread.id}/read`);
    expect(await roomOf(clients.ben!, room.id)).toMatchObject({ unread_count: 0, is_unread: false });
    expect((await listed(clients.ben!, '/api/chatrooms/inbox')).map((r) => r.id)).not.toContain(room.id);
    expect((await roomOf(clients.eve!, room.id)).unread_count).toBe(2);
    await clients.eve!.put(`/api/message_threads/${room.message_thread.id}/read`);
    // A mention counts for the one named, as unread and as a mention, until they read it.
    await say(clients.eve!, room, `@Ben Chatter the loaner?`, { mentions: [agents.ben!.id, agents.dev!.id] });
    expect(await roomOf(clients.ben!, room.id)).toMatchObject({ unread_count: 1, mention_count: 1 });
    expect(await roomOf(clients.ana!, room.id)).toMatchObject({ unread_count: 1, mention_count: 0 });
    const mentionable = await clients.eve!.get(`/api/chatrooms/${room.id}/mentionable`);
    expect((mentionable.body.agents as { id: string }[]).map((a) => a.id).sort()).toEqual([agents.ana!.id, agents.ben!.id].sort());
    await clients.ben!.put(`/api/message_threads/${room.message_thread.id}/read`);
    expect(await roomOf(clients.ben!, room.id)).toMatchObject({ unread_count: 0, mention_count: 0 });
    const bad = await clients.ben!.put(`/api/message_threads/${room.message_thread.id}/read`, { message_id: 'nope' });
    expect(bad.status).toBe(422);
  });

  it('shows the author whether the colleague has read their message (read receipt)', async () => {
    const room = await direct(clients.dev!, 'ben');
    const sent = await say(clients.dev!, room, 'Read me');
    const before = await roomOf(clients.dev!, room.id);
    const ben = () => before.participants.find((p) => p.id === agents.ben!.id);
    expect(ben()?.read_through ?? '').not.toBe(sent.id);
    await clients.ben!.put(`/api/message_threads/${room.message_thread.id}/read`);
    const after = await roomOf(clients.dev!, room.id);
    expect(after.participants.find((p) => p.id === agents.ben!.id)?.read_through).toBe(sent.id);
  });
});

describe('archive', () => {
  it('archives for oneself, lists it as archived, brings it back on unarchive and on a new message', async () => {
    const room = await group(clients.ana!, ['ben', 'eve'], 'Archive me');
    expect((await clients.ben!.put(`/api/chatrooms/${room.id}/archive`)).body.chatroom.archived).toBe(true);
    expect((await listed(clients.ben!)).map((r) => r.id)).not.toContain(room.id);
    expect((await listed(clients.ben!, '/api/chatrooms?archived=true')).map((r) => r.id)).toContain(room.id);
    expect((await listed(clients.ana!)).map((r) => r.id)).toContain(room.id);
    await clients.ben!.put(`/api/chatrooms/${room.id}/unarchive`);
    expect((await listed(clients.ben!)).map((r) => r.id)).toContain(room.id);
    await clients.ben!.put(`/api/chatrooms/${room.id}/archive`);
    await say(clients.eve!, room, 'back to work');
    expect((await listed(clients.ben!)).map((r) => r.id)).toContain(room.id);
  });

  it('archives a group for everyone only by its owner', async () => {
    const room = await group(clients.ana!, ['ben'], 'Everyone');
    expect((await clients.ben!.put(`/api/chatrooms/${room.id}/archive`, { everyone: true })).status).toBe(403);
    expect((await clients.ana!.put(`/api/chatrooms/${room.id}/archive`, { everyone: true })).status).toBe(200);
    for (const who of ['ana', 'ben']) expect((await listed(clients[who]!, '/api/chatrooms?archived=true')).map((r) => r.id)).toContain(room.id);
    await clients.ana!.put(`/api/chatrooms/${room.id}/unarchive`, { everyone: true });
    for (const who of ['ana', 'ben']) expect((await listed(clients[who]!)).map((r) => r.id)).toContain(room.id);
  });
});

describe('lists', () => {
  it('lists the agent’s rooms newest activity first with the SPEC §7 paging, dropping a direct chat whose colleague left', async () => {
    const quiet = await direct(clients.eve!, 'cara');
    const busy = await direct(clients.eve!, 'dev');
    await say(clients.eve!, quiet, 'older');
    await say(clients.eve!, busy, 'newer');
    const res = await clients.eve!.get('/api/chatrooms?limit=2');
    expect(res.body.meta.paging).toMatchObject({ current_offset: 0, per_page: 2 });
    expect(res.body.meta.paging.total).toBeGreaterThanOrEqual(2);
    expect(res.body.chatrooms[0].id).toBe(busy.id);
    const goneRoom = await createGoneRoom();
    expect((await listed(clients.eve!)).map((r) => r.id)).not.toContain(goneRoom);
  });

  it('seeds the demo: Nina’s chats with Priya and the loaner group, with reactions and a mention of her', async () => {
    const nina = api(baseUrl, await signIn(baseUrl, 'chat@demo.example'));
    const rooms = await listed(nina);
    const group = rooms.find((r) => r.name === 'Loaner fleet');
    expect(group).toMatchObject({ direct: false, owner_id: 'agt_manager' });
    expect(rooms.some((r) => r.direct && r.companion?.id === 'agt_advisor')).toBe(true);
    const messages = (await nina.get(`/api/chatrooms/${group!.id}/messages`)).body.messages as { text: string; mentions: string[]; reactions: Record<string, string[]> }[];
    expect(messages.find((m) => m.mentions.includes('agt_chat'))?.text).toContain('@Nina Patel');
    expect(messages.some((m) => (m.reactions['👍'] ?? []).length === 3)).toBe(true);
    // Rick Dalton (inactive) is in no chat and cannot be added.
    expect((await nina.post('/api/chatrooms', { chatroom: { agent_id: 'agt_former' } })).status).toBe(404);
  });

  it('serves the chat settings at the SPEC §7 path', async () => {
    const res = await clients.ana!.get(`/api/chatrooms/locations/${store.locationId}/settings`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.chatrooms_settings).toMatchObject({ reactions_enabled: true, groups_enabled: true });
    expect((await clients.outsider!.get(`/api/chatrooms/locations/${store.locationId}/settings`)).status).toBe(404);
  });
});

/** A direct chat of eve with a colleague who then leaves the company (made inactive). */
async function createGoneRoom(): Promise<string> {
  const leaver = await member('leaver');
  const room = await direct(leaver, 'eve');
  const { putItem } = await import('../../lib/table.js');
  const { agentItem } = await import('../../lib/agents.js');
  await putItem(agentItem({ ...agents.leaver!, active: false }));
  return room.id;
}

describe('reactions (the core, on the chat path)', () => {
  it('counts every one of twenty agents reacting at once, none twice, and removes one', async () => {
    const people = await Promise.all(Array.from({ length: 18 }, (_, i) => member(`r${i}x`)));
    const room = await group(clients.ana!, ['ben', ...Array.from({ length: 18 }, (_, i) => `r${i}x`)], 'Reactions');
    const sent = await say(clients.ana!, room, 'Loaners are back');
    const path = `/api/chatrooms/${room.id}/messages/${sent.id}/reactions`;
    const everyone = [clients.ana!, clients.ben!, ...people];
    const replies = await Promise.all(everyone.map((c) => c.put(path, { emoji: '👍' })));
    expect(replies.every((r) => r.status === 200), replies.map((r) => r.text).join()).toBe(true);
    await clients.ben!.put(path, { emoji: '👍' });
    const after = await clients.ben!.get(`/api/chatrooms/${room.id}/messages`);
    expect(after.body.messages[0].reactions['👍']).toHaveLength(20);
    const removed = await clients.ben!.del(path, { emoji: '👍' });
    expect(removed.body.message.reactions['👍']).toHaveLength(19);
    expect((await clients.eve!.put(path, { emoji: '👍' })).status).toBe(404);
    expect((await clients.ben!.put(path, { emoji: 'ok' })).status).toBe(422);
  });
});

describe('real time', () => {
  it('tells every participant, and only them, on their own channel', async () => {
    const since = Date.now() - 1000;
    const room = await group(clients.ana!, ['ben'], 'Live');
    const created = Date.now();
    const sent = await say(clients.ben!, room, 'live one');
    const about = async (who: string, from = since) => (await eventsAfter(store.companyId, channels.agent(agents[who]!.id), cursorAt(from))).filter((e) => JSON.stringify(e.data).includes(room.id));
    for (const who of ['ana', 'ben']) {
      const events = await about(who);
      expect(events.some((e) => e.type === 'chatroom.changed'), who).toBe(true);
      expect(events.some((e) => e.type === 'message.created' && (e.data as { message: { id: string } }).message.id === sent.id), who).toBe(true);
      // The message is the one event it makes: the lists follow message.created (50 members' streams wake once).
      expect((await about(who, created)).map((e) => e.type), who).toEqual(['message.created']);
    }
    expect(await about('eve')).toHaveLength(0);
    // A mention notifies the one named, on their own channel, with the way to open the room.
    const mention = await say(clients.ben!, room, '@Ana Chatter loaners?', { mentions: [agents.ana!.id] });
    const notices = (await eventsAfter(store.companyId, channels.agent(agents.ana!.id), cursorAt(since))).filter((e) => e.type === 'mention.created' && (e.data as { message_id: string }).message_id === mention.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.data).toMatchObject({ link: `/internalchat?room=${room.id}` });
  });
});
