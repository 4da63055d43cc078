/**
 * The API areas: one Lambda each, and the HTTP API routes it answers (SPEC §7 paths). CDK creates
 * the functions and routes from this list; the local server matches requests with it; each area's
 * handler answers exactly these route keys (a unit test holds them together). The core's areas are
 * here; every board brings its own (functions/boards.ts), and the conversation core answers each
 * board's conversation at `{owner path}/messages`.
 */
import * as registry from './boards.js';
import type { ApiArea, BoardJob, JobEvent } from './lib/boardModule.js';
import { CONVERSATION_CHUNKS, MAIL_CHUNK, S3_CHUNK } from './lib/lazyChunk.js';
import { boards } from './lib/boardList.js';
import { STRIPE_CHUNK } from './payments/stripeChunk.js';

export type { ApiArea, JobEvent };

const CORE_AREAS = {
  sessions: {
    entry: 'functions/sessions/handler.ts',
    lazyChunks: [MAIL_CHUNK],
    routes: [
      'POST /agent_sessions/login_probe',
      'POST /agent_sessions/login_jwt',
      'POST /agent_sessions/refresh',
      'DELETE /agent_sessions/logout_jwt',
      'POST /agent_sessions/impersonate',
      'POST /password_reset_request',
      'POST /password_reset',
      'POST /magic_sessions',
    ],
  },
  /** Partner single sign-on (issue 23): next to sessions, on a Lambda of its own so password sign-in never waits on the partner. */
  partnerSignIn: {
    entry: 'functions/partnerSignIn/handler.ts',
    routes: ['GET /agent_sessions/sso_config', 'POST /agent_sessions/login_sso', 'POST /agent_sessions/seamless'],
  },
  agents: {
    entry: 'functions/agents/handler.ts',
    lazyChunks: [S3_CHUNK, MAIL_CHUNK],
    routes: [
      'GET /api/agents',
      'GET /api/agents/me',
      'PUT /api/agents/me',
      'GET /api/agents/colleagues',
      'GET /api/agents/colleagues/impersonatable',
      'GET /api/agents/{id}',
      'POST /api/agents/{id}/magic_link',
      'GET /api/logo',
      'GET /api/releases/app',
    ],
  },
  /** The agent's chosen presence (away with autoresponder, routing): it checks colleagues against the boards. */
  presence: {
    entry: 'functions/agents/presenceHandler.ts',
    lazyChunks: CONVERSATION_CHUNKS,
    routes: ['GET /api/agents/me/presence', 'PUT /api/agents/me/presence'],
  },
  locations: {
    entry: 'functions/locations/handler.ts',
    routes: [
      'GET /api/locations',
      'GET /api/locations/{id}',
      'PUT /api/locations/{id}',
      'GET /api/locations/{id}/agents',
      'GET /api/locations/{id}/{settings_key}',
      'POST /api/locations/{id}/{settings_key}',
      'GET /business_info',
      'POST /business_info',
      'GET /calls_settings/{board}',
      'POST /calls_settings/{board}',
      'GET /gatekeeper_settings',
      'POST /gatekeeper_settings',
      'GET /gatekeeper_settings/{key}',
      'POST /gatekeeper_settings/{key}',
    ],
  },
  notifications: {
    entry: 'functions/notifications/handler.ts',
    // A ticket names every board's channels of the agent: the boards' declarations, and their code, come along.
    lazyChunks: CONVERSATION_CHUNKS,
    routes: ['POST /api/notifications/tickets'],
  },
  /** Every board's conversations (their `{owner path}/messages` are added below), held texts, mass texts, uploads. */
  messages: {
    entry: 'functions/messages/handler.ts',
    lazyChunks: CONVERSATION_CHUNKS,
    routes: [
      'PUT /api/messages/{id}/retry',
      'PUT /api/messages/{id}',
      'PUT /api/messages/{id}/cancel',
      'POST /api/locations/{id}/mass_messages',
      'GET /api/mass_messages/{id}',
      'POST /api/attachments',
    ],
  },
  customers: {
    entry: 'functions/customers/handler.ts',
    lazyChunks: CONVERSATION_CHUNKS,
    routes: [
      'GET /api/customers/{id}',
      'PUT /api/customers/{id}/opt_out',
      'PUT /api/customers/{id}/block',
      'PUT /api/customers/{id}/unblock',
      'GET /api/customers/{id}/consent',
      'GET /api/customers/{id}/{board}/calls',
      'POST /api/locations/{id}/customers/search',
    ],
  },
  dms: {
    entry: 'functions/dms/handler.ts',
    // A pre-invoiced order sends its queued payment request: a checkout at the card gateway.
    lazyChunks: [...CONVERSATION_CHUNKS, STRIPE_CHUNK],
    routes: [
      'POST /dms/v1/locations/{id}/customers',
      'POST /dms/v1/locations/{id}/repair_orders',
      'POST /dms/v1/locations/{id}/appointments',
      'POST /dms/v1/locations/{id}/calls',
      'GET /api/locations/{id}/dms_keys',
      'POST /api/locations/{id}/dms_keys',
      'DELETE /api/locations/{id}/dms_keys/{key_id}',
    ],
  },
} as const satisfies Record<string, ApiArea>;

type Registry = typeof registry;
type BoardAreaName = { [B in keyof Registry]: keyof Registry[B]['areas'] & string }[keyof Registry];
export type AreaName = keyof typeof CORE_AREAS | BoardAreaName;

/** The conversation routes of every board whose records own conversations (functions/messages/handler.ts). */
export const conversationRoutes = (path: string): string[] => [
  `GET ${path}/messages`,
  `POST ${path}/messages`,
  `GET ${path}/mentionable`,
  `GET ${path}/notes`,
  `POST ${path}/notes`,
  `PUT ${path}/messages/{message_id}/reactions`,
  `DELETE ${path}/messages/{message_id}/reactions`,
];

function everyArea(): Record<AreaName, ApiArea> {
  const areas: Record<string, ApiArea> = { ...CORE_AREAS };
  for (const board of boards()) {
    for (const [name, area] of Object.entries(board.areas)) {
      if (areas[name]) throw new Error(`Two API areas are named ${name} (board ${board.name})`);
      areas[name] = area;
    }
  }
  const conversations = boards().flatMap((board) => (board.conversations ? conversationRoutes(board.conversations.path) : []));
  areas.messages = { ...CORE_AREAS.messages, routes: [...conversations, ...CORE_AREAS.messages.routes] };
  return areas as Record<AreaName, ApiArea>;
}

export const API_AREAS: Record<AreaName, ApiArea> = everyArea();

/** The server-sent event stream: a function URL with response streaming, at /events. */
export const EVENTS_ENTRY = 'functions/events/handler.ts';
/** Scheduled jobs, invoked by EventBridge Scheduler with `{ job: JobName }`. */
export const JOBS_ENTRY = 'functions/jobs/handler.ts';

/**
 * The SIP media application's Lambda (issue 25): Amazon Chime SDK PSTN audio invokes it with every
 * event of a call (locally the telephony simulator does, infra/local/telephony.ts); it answers with
 * the call's next actions within 5 s and hands everything slow to the calls' background work.
 */
export const SIP_MEDIA_APPLICATION_ENTRY = 'functions/calls/sipMediaApplication.ts';

/**
 * SNS topics the carrier publishes to (inbound texts, delivery receipts) and the Lambda each one
 * feeds. In AWS they are SNS subscriptions; locally the carrier calls the same handler with the
 * same SNS event.
 */
export const CARRIER_TOPICS = {
  inbound_sms: { entry: 'functions/inbound/handler.ts' },
  delivery_receipts: { entry: 'functions/inbound/handler.ts' },
} as const;
export type CarrierTopic = keyof typeof CARRIER_TOPICS;

/** The core's scheduled jobs; each board brings its own (functions/lib/boardModule.ts `jobs`). */
const CORE_JOBS = {
  presence_sweep: { rateMinutes: 5 },
  /** Texts held for quiet hours or a chosen time go out when due. */
  scheduled_messages: { rateMinutes: 1 },
  /** No text stays queued: texts left queued or mid-send past a short grace are sent once or reconciled. */
  message_sweep: { rateMinutes: 1 },
  /** Mass texts: each is started at once when requested; this resumes any whose worker stopped. */
  mass_messages: { rateMinutes: 1 },
} as const satisfies Record<string, { rateMinutes: number }>;

type BoardJobName = { [B in keyof Registry]: Registry[B] extends { jobs: infer J } ? keyof J & string : never }[keyof Registry];
export type JobName = keyof typeof CORE_JOBS | BoardJobName;

/** Every job and its rate: EventBridge Scheduler invokes the jobs Lambda with `{ job: name }` at this rate. */
export const JOBS: Record<JobName, { rateMinutes: number }> = Object.fromEntries([
  ...Object.entries(CORE_JOBS),
  ...boards().flatMap((board) => Object.entries(board.jobs ?? {}).map(([name, job]: [string, BoardJob]) => [name, { rateMinutes: job.rateMinutes }])),
]) as Record<JobName, { rateMinutes: number }>;
