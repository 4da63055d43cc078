/** How the local runtime starts Node child processes that run TypeScript sources. */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/** `--import <tsx loader>` by absolute URL, so a child finds tsx whatever its working directory. */
export function tsxImportArgs(): string[] {
  const loader = createRequire(import.meta.url).resolve('tsx');
  return ['--import', pathToFileURL(loader).href];
}
