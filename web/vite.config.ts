/**
 * The SPA build: served under /app (CloudFront in AWS, the local server locally). The local server
 * also runs this config as Vite's dev middleware, so no port or proxy is set here.
 *
 * Two entries: the console (index.html, React) and the customer's visit page (visit.html,
 * Preact), which a customer opens from a text on a phone and which must stay tiny: it shares no
 * framework code with the console, and each part's view is a chunk of its own.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appVersion } from '../infra/version.js';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const projectRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root: webRoot,
  base: '/app/',
  plugins: [
    // The visit page's files and its parts' views say `@jsxImportSource preact`; React's fast refresh must not wrap them.
    react({ refreshExclude: [/\/node_modules\//, /\/visitPage\//, /\/features\/[^/]+\/visit\//] }),
  ],
  define: {
    __APP_VERSION__: JSON.stringify(appVersion(projectRoot)),
  },
  build: {
    // WEB_DIST_DIR: the same override infra/local/web.ts reads, so a test run can serve its own build.
    outDir: process.env.WEB_DIST_DIR || fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // No modulepreload polyfill: every browser the pages support but Safari < 17 preloads natively,
    // and where it does not the modules still load (only later); it cost the visit page 0.2 KB gzip.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        visit: fileURLToPath(new URL('./visit.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          // The small modules both entries use (locales, money, an item's status, the brand colours)
          // and Vite's preload helper in one chunk: left to themselves they were four chunks of
          // 0.3 to 1.5 KB on the visit page's path, each one more request and its own gzip stream.
          groups: [
            {
              name: 'shared',
              test: (id: string) => id.includes('vite/preload-helper') || /[\\/](?:shared[\\/](?:locales|money|inspections[\\/]itemStatus)|web[\\/]src[\\/]visitPage[\\/]brand)\.ts$/.test(id),
              // Only these modules: their importers (the visit page's entry, the console) stay where they are.
              includeDependenciesRecursively: false,
            },
            {
              // The visit page's code behind its first script: Preact and the shell in one chunk, not
              // two that always load together. mount.tsx stays the chunk the entry imports, so that
              // import() names a module, not this chunk's namespace (which brings Rolldown's runtime
              // chunk). Not in the entry itself: in an A/B on the phone profile a 25 KB entry ran
              // 0.2 s later (DOMContentLoaded 0.89 s against 0.66 s), and the visit's API call with it.
              name: 'visit-shell',
              test: /[\\/]node_modules[\\/]preact[\\/]|[\\/]web[\\/]src[\\/]visitPage[\\/](?:VisitPage|format|screen|useTexts)\.tsx?$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
