import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { releaseVerdict } from '../../web/src/features/releases/release-check.js';
import { fetchAllPages } from '../../web/src/lib/paging.js';
import { retry } from '../../web/src/lib/retry.js';
import { needsRefresh, tokenClaims, tokensFrom } from '../../web/src/lib/tokens.js';

describe('fetchAllPages', () => {
  it('asks for the first page, then the remaining ceil(total/limit) - 1 pages, keeping every result in order', async () => {
    const asked: string[] = [];
    const all = Array.from({ length: 45 }, (_, i) => ({ id: `loc_${i}` }));
    const get = async <T>(path: string): Promise<T> => {
      asked.push(path);
      const offset = Number(new URL(path, 'http://x').searchParams.get('offset'));
      return { locations: all.slice(offset, offset + 20), meta: { paging: { total: 45, current_offset: offset, per_page: 20 } } } as T;
    };
    const locations = await fetchAllPages(get, '/api/locations', 'locations', 20);
    expect(asked).toEqual(['/api/locations?offset=0&limit=20', '/api/locations?offset=20&limit=20', '/api/locations?offset=40&limit=20']);
    expect(locations).toEqual(all);
  });

  it('stops after one page when it holds everything', async () => {
    const asked: string[] = [];
    const get = async <T>(path: string): Promise<T> => {
      asked.push(path);
      return { locations: [{ id: 'a' }], meta: { paging: { total: 1, current_offset: 0, per_page: 20 } } } as T;
    };
    expect(await fetchAllPages(get, '/api/locations', 'locations')).toEqual([{ id: 'a' }]);
    expect(asked).toHaveLength(1);
  });
});

describe('retry', () => {
  afterEach(() => vi.useRealTimers());

  it('tries five times, 500 ms apart, then gives up with the last error', async () => {
    vi.useFakeTimers();
    const attempts: number[] = [];
    const outcome = retry(async (attempt) => {
      attempts.push(Date.now());
      throw new Error(`attempt ${attempt}`);
    }).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(((await outcome) as Error).message).toBe('attempt 5');
    expect(attempts).toHaveLength(5);
    expect(attempts.slice(1).map((t, i) => t - attempts[i]!)).toEqual([500, 500, 500, 500]);
  });

  it('returns the first success', async () => {
    let calls = 0;
    const value = await retry(async () => {
      calls++;
      if (calls < 3) throw new Error('not yet');
      return 'done';
    }, { delayMs: 1 });
    expect(value).toBe('done');
    expect(calls).toBe(3);
  });

  it('gives up at once when the error is not worth another try', async () => {
    let calls = 0;
    await expect(
      retry(
        async () => {
          calls++;
          throw new Error('refused');
        },
        { shouldRetry: () => false, delayMs: 1 },
      ),
    ).rejects.toThrow('refused');
    expect(calls).toBe(1);
  });
});

describe('access token reading', () => {
  const sign = (claims: Record<string, unknown>, expSeconds: number) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(expSeconds).sign(new TextEncoder().encode('k'));

  it('reads the agent e-mail and expiry without verifying', async () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const token = await sign({ agent_email: 'tech@demo.example' }, exp);
    expect(tokenClaims(token)).toEqual({ agent_email: 'tech@demo.example', login_provider: null, expiresAt: exp * 1000 });
    expect(tokenClaims('not a token')).toBeNull();
  });

  it("reads the partner's login_provider, which decides whether sign-out revokes at the partner", async () => {
    const token = await sign({ agent_email: 'lakeside.advisor@partner.example', login_provider: 'cao' }, Math.floor(Date.now() / 1000) + 3600);
    expect(tokenClaims(token)?.login_provider).toBe('cao');
  });

  it('wants a refresh with less than five minutes left, or when the token is unreadable', async () => {
    const now = Date.now();
    expect(needsRefresh(await sign({}, Math.floor(now / 1000) + 3600), now)).toBe(false);
    expect(needsRefresh(await sign({}, Math.floor(now / 1000) + 240), now)).toBe(true);
    expect(needsRefresh('garbage', now)).toBe(true);
  });

  it('takes tokens from the agent envelope of sign-in answers', () => {
    expect(tokensFrom({ agent: { access_token: 'a', refresh_token: 'r', expires_at: 'e' } })).toEqual({ access_token: 'a', refresh_token: 'r', expires_at: 'e' });
    expect(tokensFrom({ agent: { access_token: 'a' } })).toBeNull();
    expect(tokensFrom(null)).toBeNull();
  });

  it("keeps the partner's rotated refresh token of a partner session's answer", () => {
    expect(tokensFrom({ agent: { access_token: 'a', refresh_token: 'r', expires_at: 'e', partner_refresh_token: 'p2' } })).toEqual({
      access_token: 'a',
      refresh_token: 'r',
      expires_at: 'e',
      partner_refresh_token: 'p2',
    });
  });
});

describe('releaseVerdict', () => {
  const release = (version: string, forced = false) => ({ version, forced, released_at: '2025-01-01T00:00:00Z' });

  it('is quiet while the console runs the released version, or before the answer arrives', () => {
    expect(releaseVerdict('1.0.0+abc', release('1.0.0+abc'), null)).toBe('current');
    expect(releaseVerdict('1.0.0+abc', undefined, null)).toBe('current');
  });

  it('offers a refresh for a newer version', () => {
    expect(releaseVerdict('1.0.0+abc', release('1.0.1+def'), null)).toBe('notice');
  });

  it('reloads at once for a forced version, but only once per version', () => {
    expect(releaseVerdict('1.0.0+abc', release('1.0.1+def', true), null)).toBe('reload');
    expect(releaseVerdict('1.0.0+abc', release('1.0.1+def', true), '1.0.1+def')).toBe('notice');
  });
});
