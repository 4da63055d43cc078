/**
 * The build's slimmer `__vitePreload` (web/preloadHelper.ts), run as the built pages run it: the
 * module the plugin answers for Vite's helper, in a context with a stand-in document.
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import { slimPreloadHelper } from '../../web/preloadHelper.js';

interface FakeLink {
  rel?: string;
  href?: string;
  onload?: () => void;
  onerror?: () => void;
}

function helper(linked: string[] = []) {
  const plugin = slimPreloadHelper() as Plugin & { configResolved(config: { base: string }): void; load(id: string): string | null };
  plugin.configResolved({ base: '/app/' });
  const code = plugin.load('\0vite/preload-helper.js');
  expect(code).toContain('__vitePreload');
  const appended: FakeLink[] = [];
  const document = {
    head: { append: (link: FakeLink) => appended.push(link) },
    createElement: () => ({}) as FakeLink,
    querySelector: (selector: string) => (linked.some((href) => selector === `link[href="${href}"]`) ? {} : null),
  };
  const context: { document: typeof document; preload?: (load: () => Promise<unknown>, deps?: string[]) => Promise<unknown> } = { document };
  runInNewContext(code!.replace('export const __vitePreload=', 'preload='), context);
  return { preload: context.preload!, appended };
}

describe('the preload helper', () => {
  it("links a chunk's stylesheet once and loads the chunk only when it has arrived", async () => {
    const { preload, appended } = helper();
    let loaded = 0;
    const first = preload(async () => (loaded += 1), ['assets/Part-1.css']);
    const second = preload(async () => (loaded += 1), ['assets/Part-1.css']);
    expect(appended).toEqual([{ rel: 'stylesheet', href: '/app/assets/Part-1.css', onload: expect.any(Function), onerror: expect.any(Function) }]);
    await Promise.resolve();
    expect(loaded).toBe(0);
    appended[0]!.onload!();
    await Promise.all([first, second]);
    expect(loaded).toBe(2);
  });

  it('hints other chunks with modulepreload without waiting for them', async () => {
    const { preload, appended } = helper();
    await expect(preload(async () => 'view', ['assets/shared-1.js'])).resolves.toBe('view');
    expect(appended).toEqual([{ rel: 'modulepreload', href: '/app/assets/shared-1.js' }]);
  });

  it('does not link again a stylesheet the page already has', async () => {
    const { preload, appended } = helper(['/app/assets/index-1.css']);
    await expect(preload(async () => 'view', ['assets/index-1.css'])).resolves.toBe('view');
    expect(appended).toEqual([]);
  });

  it('fails the import when a stylesheet does not load, and tries again on the next import', async () => {
    const { preload, appended } = helper();
    const failed = preload(async () => 'view', ['assets/Part-2.css']);
    appended[0]!.onerror!();
    await expect(failed).rejects.toThrow('Unable to preload CSS for /app/assets/Part-2.css');
    const again = preload(async () => 'view', ['assets/Part-2.css']);
    expect(appended).toHaveLength(2);
    appended[1]!.onload!();
    await expect(again).resolves.toBe('view');
  });

  it('loads a chunk that has nothing to preload', async () => {
    const { preload, appended } = helper();
    await expect(preload(async () => 'view')).resolves.toBe('view');
    expect(appended).toEqual([]);
  });
});
