/** Sign-in by password: the sign-in record, failed-attempt counting and lockout. */
import { UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import type { SessionTokens } from '../../shared/api.js';
import { getAgent, type AgentRecord } from '../lib/agents.js';
import { config } from '../lib/config.js';
import { HttpError } from '../lib/errors.js';
import { keys } from '../lib/keys.js';
import { hashPassword, verifyPassword } from '../lib/passwords.js';
import { markSeen } from '../lib/presence.js';
import { assertMaySignIn, startSession } from '../lib/session.js';
import { db, fields, getItem, type Item } from '../lib/table.js';

export const MAX_FAILED_ATTEMPTS = 5;
export const LOCKOUT_MINUTES = 15;

export interface SignInRecord extends AttemptRecord {
  email: string;
  company_id: string;
  agent_id: string;
  password_hash: string;
}

/** The stored sign-in record of a new agent (no failures, not locked). */
export function signInItem(agent: Pick<AgentRecord, 'email' | 'company_id' | 'id'>, passwordHash: string): Item<SignInRecord> {
  return {
    ...keys.signIn(agent.email),
    email: agent.email,
    company_id: agent.company_id,
    agent_id: agent.id,
    password_hash: passwordHash,
    failed_attempts: 0,
    locked_until: null,
  };
}

export const badCredentials = () =>
  new HttpError(401, 'bad_credentials', 'Wrong username or password. Click here if you forgot your password.');
export const userNotFound = () => new HttpError(404, 'user_not_found', 'User Not Found');

// Compared against when the e-mail is unknown, so both paths cost one scrypt.
const decoyHash = hashPassword('decoy-password-never-matches');

export async function findSignIn(email: string): Promise<SignInRecord | undefined> {
  const item = await getItem<SignInRecord>(keys.signIn(email), true);
  return item && fields(item);
}

function lockedFor(record: Pick<SignInRecord, 'locked_until'>, now = Date.now()): number {
  if (!record.locked_until) return 0;
  return Math.max(0, Math.ceil((Date.parse(record.locked_until) - now) / 1000));
}

export async function signInWithPassword(email: string, password: string, remember: boolean, sourceIp: string): Promise<SessionTokens> {
  const record = await findSignIn(email);
  if (!record) {
    await verifyPassword(password, await decoyHash);
    throw badCredentials();
  }
  // Counted before the (slow) check, so parallel guesses cannot all slip past the limit.
  const attempt = await reserveAttempt(record);
  if (!(await verifyPassword(password, record.password_hash))) {
    await lockIfLimitReached(email, attempt);
    throw badCredentials();
  }
  await clearAttemptsThrough(email, attempt);
  const agent = await getAgent(record.company_id, record.agent_id);
  if (!agent) throw badCredentials();
  await assertMaySignIn(agent, sourceIp);
  return openSession(agent, 'password', remember);
}

export async function openSession(agent: AgentRecord, provider: 'password' | 'magic' | 'reset', remember: boolean): Promise<SessionTokens> {
  const tokens = await startSession(agent, provider, remember);
  await markSeen(agent);
  return tokens;
}

export function accountLocked(seconds: number): HttpError {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new HttpError(429, 'account_locked', `Too many failed sign-in attempts. Try again in ${minutes} minutes.`, {
    retry_after_seconds: seconds,
  });
}

/**
 * Failed-attempt counting, race-free: every attempt on a known address is counted by one
 * conditional write BEFORE its password is checked (`reserveAttempt`), and refused with 429 once
 * MAX_FAILED_ATTEMPTS are counted in the current window, so at most that many passwords are ever
 * checked per window however many requests arrive at once. `attempt_seq` numbers the attempts of a
 * window; a right password clears the attempts numbered up to its own (`cleared_seq`) and never
 * those counted after it, so a right password racing wrong guesses does not wipe them.
 * A window ends LOCKOUT_MINUTES after its last counted attempt: a count left by a crashed attempt
 * (reserved, never settled) cannot keep an account shut for longer than that.
 */
export interface AttemptRecord {
  /** Attempts counted in the window and not cleared by a right password. */
  failed_attempts: number;
  attempt_seq?: number;
  cleared_seq?: number;
  /** Epoch ms: identifies the window (a late answer of an older window changes nothing). */
  window_started_at?: number;
  /** Epoch ms of the last counted attempt. */
  last_attempt_at?: number;
  locked_until: string | null;
}

export interface Attempt {
  seq: number;
  window: number;
}

const WINDOW_MS = LOCKOUT_MINUTES * 60_000;
const NOT_LOCKED = '(attribute_not_exists(locked_until) OR attribute_type(locked_until, :nullType) OR locked_until < :nowIso)';

function isConditionFailed(err: unknown): boolean {
  return (err as { name?: string }).name === 'ConditionalCheckFailedException';
}

/** One conditional update; false when its condition did not hold. */
async function updateIf(email: string, update: Omit<UpdateCommandInput, 'TableName' | 'Key'>): Promise<Record<string, unknown> | false> {
  try {
    const out = await db().send(new UpdateCommand({ TableName: config.tableName, Key: keys.signIn(email), ...update }));
    return out.Attributes ?? {};
  } catch (err) {
    if (isConditionFailed(err)) return false;
    throw err;
  }
}

/**
 * Counts this attempt, or refuses it (429) when the account is locked or the window is used up.
 * `seen` is the record as read just before: it answers a lock at once, and picks which of the two
 * conditional writes is likely to hold (each is atomic; the other is tried only when it fails).
 */
export async function reserveAttempt(seen: SignInRecord, now = Date.now()): Promise<Attempt> {
  const { email } = seen;
  const locked = lockedFor(seen, now);
  if (locked > 0) throw accountLocked(locked);
  const nowIso = new Date(now).toISOString();
  const common = { ':now': now, ':stale': now - WINDOW_MS, ':nowIso': nowIso, ':nullType': 'NULL', ':one': 1 };
  // The first attempt of a new window (usually: the last attempt is long past).
  const fresh = async (): Promise<Attempt | null> => {
    const done = await updateIf(email, {
      UpdateExpression:
        'SET failed_attempts = :one, attempt_seq = :one, cleared_seq = :zero, window_started_at = :now, last_attempt_at = :now, locked_until = :none',
      ConditionExpression: `attribute_exists(pk) AND (attribute_not_exists(last_attempt_at) OR last_attempt_at < :stale OR (attribute_type(locked_until, :stringType) AND locked_until < :nowIso)) AND ${NOT_LOCKED}`,
      ExpressionAttributeValues: { ...common, ':zero': 0, ':none': null, ':stringType': 'S' },
    });
    return done ? { seq: 1, window: now } : null;
  };
  // One more attempt in the current window, while it has room.
  const counted = async (): Promise<Attempt | null> => {
    const done = await updateIf(email, {
      UpdateExpression: 'SET last_attempt_at = :now ADD failed_attempts :one, attempt_seq :one',
      ConditionExpression: `last_attempt_at >= :stale AND failed_attempts < :max AND ${NOT_LOCKED}`,
      ExpressionAttributeValues: { ...common, ':max': MAX_FAILED_ATTEMPTS },
      ReturnValues: 'ALL_NEW',
    });
    return done ? { seq: Number(done.attempt_seq), window: Number(done.window_started_at) } : null;
  };
  const windowLive = typeof seen.last_attempt_at === 'number' && seen.last_attempt_at >= now - WINDOW_MS;
  const [first, second] = windowLive ? [counted, fresh] : [fresh, counted];
  const attempt = (await first()) ?? (await second());
  if (attempt) return attempt;
  throw await refusal(email, now);
}

/**
 * The 429 for a refused attempt. More attempts than the limit while the limit's worth are still
 * being checked is a burst of guesses: it locks the account as five failures would.
 */
async function refusal(email: string, now: number): Promise<HttpError> {
  const until = new Date(now + WINDOW_MS).toISOString();
  const locked = await updateIf(email, {
    UpdateExpression: 'SET locked_until = :until',
    ConditionExpression: `failed_attempts >= :max AND last_attempt_at >= :stale AND ${NOT_LOCKED}`,
    ExpressionAttributeValues: {
      ':until': until,
      ':max': MAX_FAILED_ATTEMPTS,
      ':stale': now - WINDOW_MS,
      ':nowIso': new Date(now).toISOString(),
      ':nullType': 'NULL',
    },
  });
  if (locked) return accountLocked(LOCKOUT_MINUTES * 60);
  const record = await findSignIn(email);
  return accountLocked(record ? lockedFor(record, now) || LOCKOUT_MINUTES * 60 : LOCKOUT_MINUTES * 60);
}

/** A wrong password: the one that finds the limit reached locks the account for LOCKOUT_MINUTES. */
async function lockIfLimitReached(email: string, attempt: Attempt, now = Date.now()): Promise<void> {
  await updateIf(email, {
    UpdateExpression: 'SET locked_until = :until',
    ConditionExpression: `window_started_at = :window AND failed_attempts >= :max AND ${NOT_LOCKED}`,
    ExpressionAttributeValues: {
      ':until': new Date(now + WINDOW_MS).toISOString(),
      ':window': attempt.window,
      ':max': MAX_FAILED_ATTEMPTS,
      ':nowIso': new Date(now).toISOString(),
      ':nullType': 'NULL',
    },
  });
}

/**
 * A right password clears the attempts counted up to and including its own; attempts counted after
 * it stay (`attempt_seq - seq`). A lock set meanwhile stays too: the account was attacked.
 */
async function clearAttemptsThrough(email: string, attempt: Attempt): Promise<void> {
  await updateIf(email, {
    UpdateExpression: 'SET failed_attempts = attempt_seq - :seq, cleared_seq = :seq',
    ConditionExpression: 'window_started_at = :window AND (attribute_not_exists(cleared_seq) OR cleared_seq < :seq)',
    ExpressionAttributeValues: { ':seq': attempt.seq, ':window': attempt.window },
  });
}

/** For a password reset (inside its transaction): no failures, no lock, a fresh window next time. */
export const clearedAttempts = {
  set: 'failed_attempts = :zero, locked_until = :none',
  remove: 'last_attempt_at, window_started_at, attempt_seq, cleared_seq',
  values: { ':zero': 0, ':none': null },
} as const;
