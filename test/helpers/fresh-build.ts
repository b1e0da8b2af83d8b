import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const REPO = resolve(import.meta.dirname, '../..');

/**
 * Global setup of the system and e2e projects, which test the built package (test/helpers/cli.ts):
 * rebuilds dist/ when it is missing or older than what it is built from (scripts/build-if-stale.mjs,
 * the package's `prepare`), so a run after an edit never tests yesterday's build, and two projects'
 * setups, or two test runs started together, build once.
 */
export default function freshBuild(): void {
  execFileSync(process.execPath, [join(REPO, 'scripts/build-if-stale.mjs')], { cwd: REPO, stdio: 'inherit' });
}
