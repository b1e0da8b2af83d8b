import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const REPO = resolve(import.meta.dirname, '../..');
/** What `npm run build` reads. */
const INPUTS = ['src', 'scripts/bundle.mjs', 'tsconfig.build.json', 'package.json'];
/** The build's last output (scripts/bundle.mjs runs after tsc): older than an input means stale. */
const LAST_OUTPUT = 'dist/bundled/harness.js';

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

/**
 * Global setup of the system and e2e projects, which test the built package (test/helpers/cli.ts):
 * rebuilds dist/ when it is missing or older than what it is built from, so a run after an edit
 * never tests yesterday's build. Synchronous, so two projects' setups cannot build at once.
 */
export default function freshBuild(): void {
  const built = builtAt();
  const newest = Math.max(...INPUTS.map((input) => newestMtime(join(REPO, input))));
  if (built !== null && built >= newest) return;
  process.stdout.write(`crossover tests: dist/ is ${built === null ? 'missing' : 'older than src/'}: npm run build\n`);
  execFileSync('npm', ['run', 'build'], { cwd: REPO, stdio: 'inherit' });
}
