import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { withBuildLock } from '../../src/io/build-lock.js';

const REPO = resolve(import.meta.dirname, '../..');
/** What `npm run build` reads. */
const INPUTS = ['src', 'fixtures/providers/code-search', 'scripts/bundle.mjs', 'tsconfig.build.json', 'package.json'];
/** The build's last output (scripts/bundle.mjs runs after tsc): older than an input means stale. */
const LAST_OUTPUT = 'dist/bundled/harness.js';
/** Held while one process checks and rebuilds: test runs started together build once, not each. */
const BUILD_LOCK = join(REPO, 'node_modules/.cache/crossover-test-build.lock');

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

function builtAt(): number | null {
  try {
    return statSync(join(REPO, LAST_OUTPUT)).mtimeMs;
  } catch {
    return null;
  }
}

/** Whether dist/ is missing or older than what it is built from. */
function stale(): boolean {
  const built = builtAt();
  return built === null || built < Math.max(...INPUTS.map((input) => newestMtime(join(REPO, input))));
}

/**
 * Global setup of the system and e2e projects, which test the built package (test/helpers/cli.ts):
 * rebuilds dist/ when it is missing or older than what it is built from, so a run after an edit
 * never tests yesterday's build. Checked again under the build lock, so two projects' setups, or
 * two test runs started together, build once.
 */
export default async function freshBuild(): Promise<void> {
  if (!stale()) return;
  await withBuildLock(BUILD_LOCK, async () => {
    if (!stale()) return;
    process.stdout.write(
      `crossover tests: dist/ is ${builtAt() === null ? 'missing' : 'older than its sources'}: npm run build\n`,
    );
    execFileSync('npm', ['run', 'build'], { cwd: REPO, stdio: 'inherit' });
  });
}
