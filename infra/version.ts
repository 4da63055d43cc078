/**
 * The release version the console reports and the SPA is built with: package version plus the
 * short commit when git is there. The SPA compares it with GET /api/releases/app.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export function appVersion(root = process.cwd()): string {
  const pkg = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as { version: string };
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
    return sha ? `${pkg.version}+${sha}` : pkg.version;
  } catch {
    return pkg.version;
  }
}
