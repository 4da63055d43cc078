/**
 * Sign-in by password: the sign-in record, failed-attempt counting and lockout. Failures are counted
 * per client (its address, clientKey) and account: five from one client lock that client out of
 * that account, not the account, so nobody can lock a colleague out by typing their e-mail five
 * times. The account itself locks only when failures come from many clients at once (a guessing
 * network), ACCOUNT_LOCK_FAILURES from ACCOUNT_LOCK_CLIENTS or more within ACCOUNT_WINDOW_MINUTES.
 */
import { createHash } from 'node:crypto';
import { UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import type { SessionTokens } from '../../shared/api.js';
import { SSO_ERRORS } from '../../shared/partnerSignIn/contract.js';
import { getAgent, getCompany, isPartnerManaged, type AgentRecord } from '../lib/agents.js';
import { clientKey } from '../lib/clientIp.js';
import { config } from '../lib/config.js';
import { HttpError } from '../lib/errors.js';
import { hashPassword, verifyPassword } from '../lib/passwords.js';
import { markSeen } from '../lib/presence.js';
import { assertMaySignIn, startSession } from '../lib/session.js';
import { db, fields, getItem, type Item } from '../lib/table.js';

/** Keys of the records this store owns (docs/data-model.md). */
export const signInKeys = {
  /** Sign-in record by e-mail: password hash, the account's own lock; points at the agent. */
  signIn: (email: string) => ({ pk: `SIGNIN#${email}`, sk: 'SIGNIN' }),
  /** Failed sign-ins of one client (clientKey) on one account, and that client's lock (TTL'd). */
  signInClient: (email: string, client: string) => ({ pk: `SIGNIN#${email}`, sk: `CLIENT#${client}` }),
} as const;

/** Wrong passwords one client may try on one account before it is locked out of it. */
export const MAX_FAILED_ATTEMPTS = 5;
export const LOCKOUT_MINUTES = 15;
/** Failures, from at least ACCOUNT_LOCK_CLIENTS distinct clients, that lock the account for everyone. */
export const ACCOUNT_LOCK_FAILURES = 50;
export const ACCOUNT_LOCK_CLIENTS = 10;
export const ACCOUNT_WINDOW_MINUTES = 60;

export interface SignInRecord {
  email: string;
  company_id: string;
  agent_id: string;
  password_hash: string;
  /** The account's own lock, set only by failures from many clients. */
  locked_until: string | null;
  /** Failures of the account window, from any client. */
  account_failures?: number;
  /** Digests of the clients those failures came from (a string set: ADD counts each once). */
  account_clients?: Set<string>;
  /** Epoch ms. */
  account_window_started_at?: number;
  /** Epoch ms of the last password reset: client counts begun before it count for nothing. */
  attempts_reset_at?: number;
  /**
   * The partner's subject (id_token `sub`) this e-mail was first signed in with (issue 23): a later
   * token for the same e-mail with another subject is someone else and is refused.
   */
  partner_sub?: string;
}

/** The stored sign-in record of a new agent (no failures, not locked). */
export function signInItem(agent: Pick<AgentRecord, 'email' | 'company_id' | 'id'>, passwordHash: string): Item<SignInRecord> {
  return {
    ...signInKeys.signIn(agent.email),
    email: agent.email,
    company_id: agent.company_id,
    agent_id: agent.id,
    password_hash: passwordHash,
    locked_until: null,
  };
}

export const badCredentials = () =>
  new HttpError(401, 'bad_credentials', 'Wrong username or password. Click here if you forgot your password.');
export const userNotFound = () => new HttpError(404, 'user_not_found', 'User Not Found');
export const ssoRequired = () => new HttpError(403, 'sso_required', SSO_ERRORS.sso_required);

/** Whether the agent of this sign-in record belongs to a partner-managed company (signs in only through the partner). */
export async function signsInWithPartner(record: Pick<SignInRecord, 'company_id'>): Promise<boolean> {
  return isPartnerManaged(await getCompany(record.company_id));
}

/**
 * Binds the partner subject to the e-mail's sign-in record on its first partner sign-in (one
 * conditional write, so two first sign-ins at once cannot bind two subjects). False when another
 * subject holds the e-mail: that token is someone else's.
 */
export async function bindPartnerSubject(record: SignInRecord, sub: string): Promise<boolean> {
  if (record.partner_sub !== undefined) return record.partner_sub === sub;
  const bound = await updateIf(signInKeys.signIn(record.email), {
    UpdateExpression: 'SET partner_sub = :sub',
    ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(partner_sub) OR partner_sub = :sub)',
    ExpressionAttributeValues: { ':sub': sub },
  });
  return bound !== false;
}

// Compared against when the e-mail is unknown, so both paths cost one scrypt.
const decoyHash = hashPassword('decoy-password-never-matches');

export async function findSignIn(email: string): Promise<SignInRecord | undefined> {
  const item = await getItem<SignInRecord>(signInKeys.signIn(email), true);
  return item && fields(item);
}

function lockedFor(record: Pick<AttemptRecord, 'locked_until'>, now = Date.now()): number {
  if (!record.locked_until) return 0;
  return Math.max(0, Math.ceil((Date.parse(record.locked_until) - now) / 1000));
}

export async function signInWithPassword(email: string, password: string, remember: boolean, sourceIp: string): Promise<SessionTokens> {
  const record = await findSignIn(email);
  if (!record) {
    await verifyPassword(password, await decoyHash);
    throw badCredentials();
  }
  // Said before any password is checked: the probe says so anyway, and no guess is counted.
  if (await signsInWithPartner(record)) throw ssoRequired();
  const client = clientKey(sourceIp);
  // Counted before the (slow) check, so parallel guesses cannot all slip past the limit.
  const attempt = await reserveAttempt(record, client);
  if (!(await verifyPassword(password, record.password_hash))) {
    await lockIfLimitReached(email, client, attempt);
    await countAccountFailure(record, client);
    throw badCredentials();
  }
  await clearAttemptsThrough(email, client, attempt);
  const agent = await getAgent(record.company_id, record.agent_id);
  if (!agent) throw badCredentials();
  await assertMaySignIn(agent, sourceIp);
  return openSession(agent, 'password', remember);
}

export async function openSession(
  agent: AgentRecord,
  provider: 'password' | 'magic' | 'reset' | 'cao',
  remember: boolean,
  partnerRefreshToken?: string,
): Promise<SessionTokens> {
  const tokens = await startSession(agent, provider, remember, partnerRefreshToken);
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
 * Failed-attempt counting per client and account, race-free: every attempt of a client on a known
 * address is counted by one conditional write BEFORE its password is checked (`reserveAttempt`),
 * and refused with 429 once MAX_FAILED_ATTEMPTS are counted in the current window, so at most that
 * many passwords per client are ever checked per window however many requests arrive at once.
 * `attempt_seq` numbers the attempts of a window; a right password clears the attempts numbered up
 * to its own (`cleared_seq`) and never those counted after it, so a right password racing wrong
 * guesses does not wipe them. A window ends LOCKOUT_MINUTES after its last counted attempt: a count
 * left by a crashed attempt (reserved, never settled) cannot keep a client out for longer than
 * that. The item expires (TTL) once it can no longer refuse anything.
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
const ACCOUNT_WINDOW_MS = ACCOUNT_WINDOW_MINUTES * 60_000;
const NOT_LOCKED = '(attribute_not_exists(locked_until) OR attribute_type(locked_until, :nullType) OR locked_until < :nowIso)';

function isConditionFailed(err: unknown): boolean {
  return (err as { name?: string }).name === 'ConditionalCheckFailedException';
}

/** One conditional update; false when its condition did not hold. */
async function updateIf(key: { pk: string; sk: string }, update: Omit<UpdateCommandInput, 'TableName' | 'Key'>): Promise<Record<string, unknown> | false> {
  try {
    const out = await db().send(new UpdateCommand({ TableName: config.tableName, Key: key, ...update }));
    return out.Attributes ?? {};
  } catch (err) {
    if (isConditionFailed(err)) return false;
    throw err;
  }
}

/** When a client's counts may be dropped by TTL: after its window and any lock it can set. */
const clientExpiry = (now: number): number => Math.ceil((now + 2 * WINDOW_MS) / 1000);

/** A client's count from before the account's last password reset is void. */
const resetAtOf = (record: Pick<SignInRecord, 'attempts_reset_at'>): number => record.attempts_reset_at ?? 0;

/**
 * Counts this attempt of `client`, or refuses it (429) when the account or the client is locked,
 * or the client's window is used up. The client's record, read first, answers a lock at once and
 * picks which of the two conditional writes is likely to hold (each is atomic; the other is tried
 * only when it fails).
 */
export async function reserveAttempt(account: SignInRecord, client: string, now = Date.now()): Promise<Attempt> {
  const accountLock = lockedFor(account, now);
  if (accountLock > 0) throw accountLocked(accountLock);
  const key = signInKeys.signInClient(account.email, client);
  const resetAt = resetAtOf(account);
  const seenItem = await getItem<AttemptRecord>(key, true);
  const seen = seenItem && (seenItem.window_started_at ?? 0) >= resetAt ? seenItem : undefined;
  const locked = seen ? lockedFor(seen, now) : 0;
  if (locked > 0) throw accountLocked(locked);
  const nowIso = new Date(now).toISOString();
  const common = {
    ':now': now,
    ':stale': now - WINDOW_MS,
    ':resetAt': resetAt,
    ':nowIso': nowIso,
    ':nullType': 'NULL',
    ':one': 1,
    ':expires': clientExpiry(now),
  };
  // The first attempt of a new window (usually: the last attempt is long past).
  const fresh = async (): Promise<Attempt | null> => {
    const done = await updateIf(key, {
      UpdateExpression:
        'SET failed_attempts = :one, attempt_seq = :one, cleared_seq = :zero, window_started_at = :now, last_attempt_at = :now, locked_until = :none, expires_at = :expires',
      ConditionExpression: `attribute_not_exists(pk) OR window_started_at < :resetAt OR ((last_attempt_at < :stale OR (attribute_type(locked_until, :stringType) AND locked_until < :nowIso)) AND ${NOT_LOCKED})`,
      ExpressionAttributeValues: { ...common, ':zero': 0, ':none': null, ':stringType': 'S' },
    });
    return done ? { seq: 1, window: now } : null;
  };
  // One more attempt in the current window, while it has room.
  const counted = async (): Promise<Attempt | null> => {
    const done = await updateIf(key, {
      UpdateExpression: 'SET last_attempt_at = :now, expires_at = :expires ADD failed_attempts :one, attempt_seq :one',
      ConditionExpression: `window_started_at >= :resetAt AND last_attempt_at >= :stale AND failed_attempts < :max AND ${NOT_LOCKED}`,
      ExpressionAttributeValues: { ...common, ':max': MAX_FAILED_ATTEMPTS },
      ReturnValues: 'ALL_NEW',
    });
    return done ? { seq: Number(done.attempt_seq), window: Number(done.window_started_at) } : null;
  };
  const windowLive = typeof seen?.last_attempt_at === 'number' && seen.last_attempt_at >= now - WINDOW_MS;
  const [first, second] = windowLive ? [counted, fresh] : [fresh, counted];
  const attempt = (await first()) ?? (await second());
  if (attempt) return attempt;
  throw await refusal(key, resetAt, now);
}

/**
 * The 429 for a refused attempt. More attempts than the limit while the limit's worth are still
 * being checked is a burst of guesses: it locks the client out as five failures would.
 */
async function refusal(key: { pk: string; sk: string }, resetAt: number, now: number): Promise<HttpError> {
  const until = new Date(now + WINDOW_MS).toISOString();
  const locked = await updateIf(key, {
    UpdateExpression: 'SET locked_until = :until, expires_at = :expires',
    ConditionExpression: `window_started_at >= :resetAt AND failed_attempts >= :max AND last_attempt_at >= :stale AND ${NOT_LOCKED}`,
    ExpressionAttributeValues: {
      ':until': until,
      ':expires': clientExpiry(now),
      ':resetAt': resetAt,
      ':max': MAX_FAILED_ATTEMPTS,
      ':stale': now - WINDOW_MS,
      ':nowIso': new Date(now).toISOString(),
      ':nullType': 'NULL',
    },
  });
  if (locked) return accountLocked(LOCKOUT_MINUTES * 60);
  const record = await getItem<AttemptRecord>(key, true);
  return accountLocked(record ? lockedFor(record, now) || LOCKOUT_MINUTES * 60 : LOCKOUT_MINUTES * 60);
}

/** A wrong password: the one that finds the client's limit reached locks it out for LOCKOUT_MINUTES. */
async function lockIfLimitReached(email: string, client: string, attempt: Attempt, now = Date.now()): Promise<void> {
  await updateIf(signInKeys.signInClient(email, client), {
    UpdateExpression: 'SET locked_until = :until, expires_at = :expires',
    ConditionExpression: `window_started_at = :window AND failed_attempts >= :max AND ${NOT_LOCKED}`,
    ExpressionAttributeValues: {
      ':until': new Date(now + WINDOW_MS).toISOString(),
      ':expires': clientExpiry(now),
      ':window': attempt.window,
      ':max': MAX_FAILED_ATTEMPTS,
      ':nowIso': new Date(now).toISOString(),
      ':nullType': 'NULL',
    },
  });
}

/**
 * A right password clears the attempts counted up to and including its own; attempts counted after
 * it stay (`attempt_seq - seq`). A lock set meanwhile stays too: the client was guessing.
 */
async function clearAttemptsThrough(email: string, client: string, attempt: Attempt): Promise<void> {
  await updateIf(signInKeys.signInClient(email, client), {
    UpdateExpression: 'SET failed_attempts = attempt_seq - :seq, cleared_seq = :seq',
    ConditionExpression: 'window_started_at = :window AND (attribute_not_exists(cleared_seq) OR cleared_seq < :seq)',
    ExpressionAttributeValues: { ':seq': attempt.seq, ':window': attempt.window },
  });
}

/** A client as the account record keeps it: short, and not its address. */
const clientDigest = (client: string): string => createHash('sha256').update(client).digest('base64url').slice(0, 16);

/**
 * Counts a wrong password against the account (atomic ADDs in a fixed window), and locks the
 * account once the failures are many and come from many clients. The set holds at most a few
 * dozen digests: each client adds at most MAX_FAILED_ATTEMPTS failures per LOCKOUT_MINUTES, and the
 * lock stops all counting once both thresholds are met.
 */
async function countAccountFailure(account: SignInRecord, client: string, now = Date.now()): Promise<void> {
  const key = signInKeys.signIn(account.email);
  const values = { ':one': 1, ':client': new Set([clientDigest(client)]), ':stale': now - ACCOUNT_WINDOW_MS };
  const counted = () =>
    updateIf(key, {
      UpdateExpression: 'ADD account_failures :one, account_clients :client',
      ConditionExpression: 'account_window_started_at >= :stale',
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    });
  const fresh = () =>
    updateIf(key, {
      UpdateExpression: 'SET account_failures = :one, account_clients = :client, account_window_started_at = :now',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(account_window_started_at) OR account_window_started_at < :stale)',
      ExpressionAttributeValues: { ...values, ':now': now },
      ReturnValues: 'ALL_NEW',
    });
  const live = typeof account.account_window_started_at === 'number' && account.account_window_started_at >= now - ACCOUNT_WINDOW_MS;
  const [first, second] = live ? [counted, fresh] : [fresh, counted];
  // A third try: another failure may have opened the window between the two.
  const after = (await first()) || (await second()) || (await counted());
  if (!after) return;
  const failures = Number(after.account_failures ?? 0);
  const clients = after.account_clients instanceof Set ? after.account_clients.size : 0;
  if (failures < ACCOUNT_LOCK_FAILURES || clients < ACCOUNT_LOCK_CLIENTS) return;
  await updateIf(key, {
    UpdateExpression: 'SET locked_until = :until',
    ConditionExpression: `account_window_started_at = :window AND ${NOT_LOCKED}`,
    ExpressionAttributeValues: {
      ':until': new Date(now + WINDOW_MS).toISOString(),
      ':window': Number(after.account_window_started_at),
      ':nowIso': new Date(now).toISOString(),
      ':nullType': 'NULL',
    },
  });
}

/**
 * For a password reset (inside its transaction): the account unlocked, its failures forgotten, and
 * every client's count void (they are begun before `attempts_reset_at`).
 */
export function clearedAttempts(now = Date.now()) {
  return {
    set: 'locked_until = :none, attempts_reset_at = :resetAt',
    remove: 'account_failures, account_clients, account_window_started_at',
    values: { ':none': null, ':resetAt': now },
  } as const;
}

/**
 * A password set by the agent or for them (functions/users/): the new hash, and failed attempts
 * forgiven as a reset forgives them. False when the account has no sign-in record.
 */
export async function setPassword(email: string, password: string): Promise<boolean> {
  const cleared = clearedAttempts();
  try {
    await db().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: signInKeys.signIn(email),
        UpdateExpression: `SET password_hash = :hash, ${cleared.set} REMOVE ${cleared.remove}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':hash': await hashPassword(password), ...cleared.values },
      }),
    );
    return true;
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}
