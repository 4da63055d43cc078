/**
 * The customer's visit page (visit.html, Preact), built after the console into the same folder
 * (`npm run build` runs both). On its own so that it shares no chunk with the console: the modules
 * both use (the languages, an inspection item's status) are tree-shaken into the page's own code
 * instead of a chunk common to both, and the page's code is one file: Preact, the page and what
 * its entry starts at once (the visit, its words, the view of the link's part). Each part's view
 * and words are chunks of their own, loaded only when the visit has that part (web/src/visitPage/
 * parts.ts says why the inspection's styles are in the page's stylesheet). It must stay within
 * the budget of the inspection page it replaced (README "Customer's visit page": 17.7 KB gzip,
 * 1.8 s on the phone profile; `npm run bench` measures both).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { slimPreloadHelper } from './preloadHelper.js';
import { common } from './vite.config.js';

export default defineConfig({
  root: common.root,
  base: common.base,
  plugins: [slimPreloadHelper()],
  define: common.define,
  // A locale file is read whole (its default export): a named export per key would double its chunk.
  json: { namedExports: false },
  build: {
    outDir: common.outDir,
    // The console's build came first into this folder.
    emptyOutDir: false,
    copyPublicDir: false,
    modulePreload: common.modulePreload,
    rolldownOptions: {
      input: { visit: fileURLToPath(new URL('./visit.html', import.meta.url)) },
    },
  },
});
