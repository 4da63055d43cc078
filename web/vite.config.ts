/**
 * The console's build (index.html, React), served under /app (CloudFront in AWS, the local server
 * locally). The local server also runs this config as Vite's dev middleware (for both pages), so no
 * port or proxy is set here.
 *
 * The customer's visit page (visit.html, Preact) is built on its own (vite.visit.config.ts, into
 * the same folder, after this build): a page a customer opens from a text on a phone shares no
 * chunk with the console, so its code is one stream of its own, tree-shaken for it alone.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appVersion } from '../infra/version.js';
import { slimPreloadHelper } from './preloadHelper.js';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const projectRoot = fileURLToPath(new URL('..', import.meta.url));

/** What both builds share: where they are served from, where they write, and what they define. */
export const common = {
  root: webRoot,
  base: '/app/',
  define: {
    __APP_VERSION__: JSON.stringify(appVersion(projectRoot)),
  },
  // WEB_DIST_DIR: the same override infra/local/web.ts reads, so a test run can serve its own build.
  outDir: process.env.WEB_DIST_DIR || fileURLToPath(new URL('./dist', import.meta.url)),
  // No modulepreload polyfill: every browser the pages support but Safari < 17 preloads natively,
  // and where it does not the modules still load (only later); it cost the visit page 0.2 KB gzip.
  modulePreload: { polyfill: false },
} as const;

export default defineConfig({
  root: common.root,
  base: common.base,
  plugins: [
    slimPreloadHelper(),
    // The visit page's files and its parts' views say `@jsxImportSource preact`; React's fast refresh
    // must not wrap them when the dev server serves visit.html.
    react({ refreshExclude: [/\/node_modules\//, /\/visitPage\//, /\/features\/[^/]+\/visit\//] }),
  ],
  define: common.define,
  build: {
    outDir: common.outDir,
    emptyOutDir: true,
    modulePreload: common.modulePreload,
    rolldownOptions: {
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)) },
    },
  },
});
