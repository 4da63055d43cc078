/**
 * Vite's helper behind every `import()` of a built chunk (`__vitePreload`), in a third of its
 * size. It does what this app needs of it: loads the chunk's stylesheets (the import waits for
 * them, so a view never paints unstyled) and hints its other chunks with modulepreload. Vite's own
 * helper also serves relative bases, CSP nonces and legacy browsers, none of which this app uses,
 * and it cost the customer's visit page 0.75 KB gzip of its 17.7 KB budget (README "Customer's
 * visit page"); this one is 0.3 KB.
 *
 * Vite loads its helper as the virtual module below; this plugin answers that module first. Should
 * a Vite release rename it, the build stops (rather than ship Vite's helper unnoticed).
 */
import type { Plugin } from 'vite';

/** The id Vite 8 gives its helper (vite/dist/node: `preloadHelperId`). */
const HELPER_ID = '\0vite/preload-helper.js';
/** A string only Vite's own helper carries: its failure event. */
const VITE_HELPER_MARK = 'vite:preloadError';

declare const base: string;
declare const seen: Record<string, Promise<void>>;

/**
 * Shipped as source (`toString`): `base` and `seen` are the generated module's. A stylesheet already
 * on the page (the console's own, linked from index.html) is not linked again: a second link would
 * re-apply it after the views' styles and change which rule wins.
 */
function preload(load: () => Promise<unknown>, deps?: readonly string[]): Promise<unknown> {
  return Promise.all(
    (deps ?? []).map((dep) => {
      const href = base + dep;
      seen[href] ??= new Promise<void>((done, fail) => {
        const css = href.endsWith('.css');
        if (document.querySelector(`link[href="${href}"]`)) return done();
        const link = document.createElement('link');
        link.rel = css ? 'stylesheet' : 'modulepreload';
        link.href = href;
        if (css) {
          link.onload = () => done();
          link.onerror = () => {
            delete seen[href];
            fail(new Error(`Unable to preload CSS for ${href}`));
          };
        }
        document.head.append(link);
        if (!css) done();
      });
      return seen[href];
    }),
  ).then(load);
}

export function slimPreloadHelper(): Plugin {
  let publicBase = '/';
  let answered = false;
  return {
    name: 'slim-preload-helper',
    enforce: 'pre',
    apply: 'build',
    configResolved(config) {
      publicBase = config.base;
    },
    load(id) {
      if (id !== HELPER_ID) return null;
      answered = true;
      return `const base=${JSON.stringify(publicBase)};const seen={};export const __vitePreload=${preload.toString()};`;
    },
    generateBundle(_options, bundle) {
      const vitesOwn = Object.values(bundle).some((file) => file.type === 'chunk' && file.code.includes(VITE_HELPER_MARK));
      if (vitesOwn || (!answered && Object.values(bundle).some((file) => file.type === 'chunk' && file.code.includes('import(')))) {
        this.error(`Vite's preload helper was not replaced: check the helper's module id (${JSON.stringify(HELPER_ID)}) in this Vite release`);
      }
    },
  };
}
