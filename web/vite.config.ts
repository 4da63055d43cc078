/**
 * The SPA build: served under /app (CloudFront in AWS, the local server locally). The local server
 * also runs this config as Vite's dev middleware, so no port or proxy is set here.
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
  plugins: [react()],
  define: {
    __APP_VERSION__: JSON.stringify(appVersion(projectRoot)),
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
  },
});
