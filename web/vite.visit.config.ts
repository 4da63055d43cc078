/**
 * The customer's visit page (visit.html, Preact), built after the console into the same folder
 * (`npm run build` runs both). On its own so that it shares no chunk with the console: the modules
 * both use (languages, money) are tree-shaken into the page's own code instead of a common chunk,
 * and its code is one file: Preact, the page and what the entry starts (the visit, its words, the
 * view of the link's part), then each part's view, stylesheet and words as chunks of their own,
 * loaded only when the visit has that part. It must stay within the inspection page's budget that
 * it replaced (README "Customer's visit page": 17.7 KB gzip, 1.8 s on the phone profile).
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
