/** vitest globalSetup of the e2e project: a local stack serving the built SPA (run `npm run build` first). */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { WEB_DIST } from '../../infra/local/web.js';
import { chooseChromium } from './chromium.js';
import { setupStack } from './stack-setup.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(join(WEB_DIST, 'index.html'))) {
    throw new Error('web/dist is missing: the e2e tests run against the built console; run `npm run build` first.');
  }
  // The packaged Chromium (the browser when Debian's is missing, and test/e2e/browser-fallback's)
  // is unpacked here, once, before any test file launches it: two files unpacking it at once
  // could launch a half-written binary.
  await chooseChromium('none');
  return setupStack(project, 'built');
}
