#!/usr/bin/env node
/**
 * `npm run build` when dist/ is missing or older than what it is built from; nothing otherwise.
 * It is the package's `prepare`: `npm install` in a fresh clone builds once, and `npx crossover` in
 * a clone (npm links the clone into its exec cache and runs `prepare` there the first time) runs
 * the clone's own CLI at once instead of building it again for two minutes. The system and e2e
 * tests' global setup calls it too. Under a lock, so processes started together build once.
 *
 *   node scripts/build-if-stale.mjs
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..');
/** What `npm run build` reads. */
const INPUTS = ['src', 'fixtures/providers/code-search', 'scripts/bundle.mjs', 'tsconfig.build.json', 'package.json'];
/** The build's last output (scripts/bundle.mjs runs after tsc): older than an input means stale. */
const LAST_OUTPUT = 'dist/bundled/harness.js';
const LOCK = join(REPO, 'node_modules/.cache/crossover-build.lock');

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

function builtAt() {
  try {
    return statSync(join(REPO, LAST_OUTPUT)).mtimeMs;
  } catch {
    return null;
  }
}

/** Whether dist/ is missing or older than what it is built from. */
function stale() {
  const built = builtAt();
  return built === null || built < Math.max(...INPUTS.map((input) => newestMtime(join(REPO, input))));
}

/** The lock's holder still runs; a lock without a pid yet is a holder about to write it, unless it is old. */
function holderAlive() {
  try {
    const pid = Number.parseInt(readFileSync(LOCK, 'utf8'), 10);
    if (!Number.isInteger(pid)) return Date.now() - statSync(LOCK).mtimeMs < 10_000;
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code !== 'ESRCH' && error.code !== 'ENOENT';
  }
}

/** Takes the lock (a file holding this pid), taking it over from a holder that died; waits for a live one. */
function acquire() {
  mkdirSync(dirname(LOCK), { recursive: true });
  for (;;) {
    try {
      const fd = openSync(LOCK, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (!holderAlive()) unlinkSync(LOCK);
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
}

if (stale()) {
  acquire();
  try {
    if (stale()) {
      process.stdout.write(
        `crossover: dist/ is ${builtAt() === null ? 'missing' : 'older than its sources'}: npm run build\n`,
      );
      execFileSync('npm', ['run', 'build'], { cwd: REPO, stdio: 'inherit' });
    }
  } finally {
    unlinkSync(LOCK);
  }
}
