/** vitest globalSetup of the integration project: a local stack without the SPA. */
import type { TestProject } from 'vitest/node';
import { setupStack } from './stack-setup.js';

export default function setup(project: TestProject): Promise<() => Promise<void>> {
  return setupStack(project, 'none');
}
