/**
 * Seeds the demo dealership (demo.ts) through the same record builders the handlers use, and each
 * board's part through the module its declaration names (`local.demo`: the service board's
 * demo-service.ts and the appointments' demo-appointments.ts go through the DMS feed's ingest).
 * Idempotent: the company items are written last, so "the demo company exists" means the whole
 * seed is there, and a seed cut short is simply redone on the next start.
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { agentItem, getCompany, type AgentRecord, type CompanyRecord } from '../../functions/lib/agents.js';
import { config } from '../../functions/lib/config.js';
import { keys } from '../../functions/lib/keys.js';
import { locationItem } from '../../functions/lib/locations.js';
import { hashPassword, newSecret } from '../../functions/lib/passwords.js';
import { signInItem } from '../../functions/sessions/signIn.js';
import { db } from '../../functions/lib/table.js';
import { DEMO_AGENTS, DEMO_COMPANY, DEMO_LOCATIONS, DEMO_PASSWORD, RIVAL_COMPANY } from './demo.js';
import { LAKESIDE_AGENTS, LAKESIDE_COMPANY, LAKESIDE_LOCATION } from './demo-partner.js';

/** Any stored item; the record builders give interfaces, BatchWrite wants plain maps. */
type Row = object;

/** Seeded now (true) or already there (false). */
export async function seedDemo(): Promise<boolean> {
  // On its own: a data directory seeded before the partner existed gets it too.
  await seedPartnerDemo();
  if (await getCompany(DEMO_COMPANY.id)) return false;
  const createdAt = new Date().toISOString();

  // Everyone shares the published demo password, so one (slow, salted) hash serves them all and
  // keeps the seed from costing a second of scrypt on every test start.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const rows: Row[] = [];
  for (const location of DEMO_LOCATIONS) rows.push(locationItem({ ...location, created_at: createdAt }));
  for (const demo of DEMO_AGENTS) {
    const record: AgentRecord = {
      id: demo.id,
      company_id: demo.company_id,
      location_id: demo.location_id,
      email: demo.email,
      first_name: demo.first_name,
      last_name: demo.last_name,
      access_level: demo.access_level,
      team: null,
      online_status: 'offline',
      email_notifications_enabled: true,
      sms_notifications_enabled: true,
      technician_settings: demo.technician_settings,
      active: demo.active,
      locale: demo.locale,
      created_at: createdAt,
    };
    rows.push(agentItem(record));
    rows.push(signInItem(record, passwordHash));
  }
  await writeAll(rows);
  // Each board's part, in the registry's order (after the agents: the DMS feed assigns advisors by
  // e-mail; the appointments after the service board, whose customers some of them are). Imported
  // only now, once the stack has set the handlers' environment: their logger reads LOG_LEVEL when
  // it is loaded.
  for (const demo of await boardDemos()) await demo.seedDemo();

  const companies: CompanyRecord[] = [
    { id: RIVAL_COMPANY.id, name: RIVAL_COMPANY.name, created_at: createdAt },
    { id: DEMO_COMPANY.id, name: DEMO_COMPANY.name, created_at: createdAt },
  ];
  // The demo company last of all: it marks the seed complete.
  for (const company of companies) await writeAll([{ ...keys.company(company.id), ...company }]);
  return true;
}

/**
 * The partner-managed demo company, Lakeside Auto Group (issue 23), unless it is there: its store
 * and agents, then its company item (which marks it complete). Its agents sign in through the
 * local partner, so their console password is one nobody knows.
 */
async function seedPartnerDemo(): Promise<void> {
  if (await getCompany(LAKESIDE_COMPANY.id)) return;
  const createdAt = new Date().toISOString();
  const unknowable = await hashPassword(newSecret());
  const rows: Row[] = [locationItem({ ...LAKESIDE_LOCATION, created_at: createdAt })];
  for (const demo of LAKESIDE_AGENTS) {
    const { role: _role, ...fields } = demo;
    const record: AgentRecord = {
      ...fields,
      team: null,
      online_status: 'offline',
      email_notifications_enabled: true,
      sms_notifications_enabled: true,
      created_at: createdAt,
    };
    rows.push(agentItem(record), signInItem(record, unknowable));
  }
  await writeAll(rows);
  const company: CompanyRecord = { ...LAKESIDE_COMPANY, created_at: createdAt };
  await writeAll([{ ...keys.company(company.id), ...company }]);
}

/**
 * Once the stack answers (the carrier is part of it), the texts the seed left due go out (the
 * appointment reminders), as the scheduler's next run would send them: the stack calls this after a
 * start that seeded.
 */
export async function afterDemoStart(): Promise<void> {
  for (const demo of await boardDemos()) {
    // The console runs without them (the scheduler would try again); the demo's tests notice.
    await demo.afterStart?.().catch((err: unknown) => console.error('[seed] a board\'s demo texts did not go:', err));
  }
}

/** What a board's demo module exports (functions/lib/boardModule.ts `local.demo`). */
interface BoardDemo {
  seedDemo(): Promise<unknown>;
  afterStart?(): Promise<unknown>;
}

/** Each board's demo module, a board after the boards its demo builds on (`local.demoAfter`). */
async function boardDemos(): Promise<BoardDemo[]> {
  const { boards } = await import('../../functions/lib/boardList.js');
  const root = new URL('../../', import.meta.url);
  const waiting = boards().filter((board) => board.local?.demo);
  const ordered: typeof waiting = [];
  while (waiting.length > 0) {
    const ready = waiting.findIndex((board) => (board.local?.demoAfter ?? []).every((name) => ordered.some((done) => done.name === name) || !waiting.some((w) => w.name === name)));
    if (ready < 0) throw new Error(`The boards' demos wait on each other: ${waiting.map((b) => b.name).join(', ')}`);
    ordered.push(...waiting.splice(ready, 1));
  }
  return Promise.all(ordered.map((board) => import(new URL(board.local!.demo!, root).href) as Promise<BoardDemo>));
}

/** BatchWrite in chunks of 25, retrying whatever DynamoDB leaves unprocessed. */
async function writeAll(rows: Row[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 25) {
    let requests = rows.slice(i, i + 25).map((item) => ({ PutRequest: { Item: item as Record<string, unknown> } }));
    for (let attempt = 0; requests.length > 0; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
      const out = await db().send(new BatchWriteCommand({ RequestItems: { [config.tableName]: requests } }));
      requests = (out.UnprocessedItems?.[config.tableName] ?? []) as typeof requests;
      if (attempt > 10 && requests.length > 0) throw new Error('DynamoDB kept items of the demo seed unprocessed');
    }
  }
}
