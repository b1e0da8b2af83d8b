/**
 * `crossover corpus verify` at scale (issue 37): 200 generated repository tasks (each a tiny
 * node:test repository, its bug an off-by-one; every task's setup reads one shared file, so the
 * corpus is set up once), verified as a user would, by the built CLI:
 *
 * 1. cold, stopped part-way (the process killed after INTERRUPT_SEC), as a verification cut short;
 * 2. --resume: the tasks the record holds at their digest are left out, the rest verified;
 * 3. again in full with the setup cached (every task graded again);
 * 4. --resume with everything recorded: nothing to run.
 *
 * Prints wall times and counts; asserts nothing (no timing assertions in tests).
 *
 *   npm run bench:corpus
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedCorpus } from '../test/helpers/generated-corpus.js';

const REPO = fileURLToPath(new URL('../../../..', import.meta.url));
const TASKS = 200;
const INTERRUPT_SEC = 40;

interface Run {
  seconds: number;
  code: number | null;
  progressLines: number;
  stderrTail: string;
}

/** Runs the built CLI in `cwd`; kills it after `killAfterSec` when given. */
function crossover(cwd: string, args: string[], killAfterSec?: number): Promise<Run> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [join(REPO, 'bin/crossover.js'), ...args], {
      cwd,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString('utf8');
    });
    const timer = killAfterSec === undefined ? null : setTimeout(() => child.kill('SIGKILL'), killAfterSec * 1000);
    child.on('close', (code) => {
      if (timer) clearTimeout(timer);
      resolve({
        seconds: (performance.now() - started) / 1000,
        code,
        progressLines: err.split('\n').filter((line) => line.startsWith('[')).length,
        stderrTail: err.trim().split('\n').slice(-2).join(' | '),
      });
    });
  });
}

async function recorded(root: string): Promise<{ tasks: number; qualified: number }> {
  const text = await readFile(join(root, '.crossover/corpus-verification/generated.json'), 'utf8').catch(() => null);
  if (text === null) return { tasks: 0, qualified: 0 };
  const record = JSON.parse(text) as { tasks: { qualified: boolean }[] };
  return { tasks: record.tasks.length, qualified: record.tasks.filter((task) => task.qualified).length };
}

async function setupEntries(root: string): Promise<number> {
  const names = await readdir(join(root, '.crossover/cache/setup')).catch(() => []);
  return names.filter((name) => !name.startsWith('.') && !name.endsWith('.lock')).length;
}

function line(label: string, run: Run, after: { tasks: number; qualified: number }): string {
  return `${label.padEnd(34)} ${run.seconds.toFixed(1).padStart(7)} s  exit ${String(run.code).padEnd(4)} graded ${String(run.progressLines).padStart(3)}  record ${after.tasks} tasks (${after.qualified} qualified)`;
}

const root = await mkdtemp(join(tmpdir(), 'crossover-bench-corpus-'));
try {
  const generating = performance.now();
  await generatedCorpus(join(root, 'generated'), TASKS);
  console.log(
    `${TASKS} generated tasks written in ${((performance.now() - generating) / 1000).toFixed(1)} s; ${availableParallelism()} cores`,
  );
  const verify = ['corpus', 'verify', '--corpus', 'generated'];
  const cut = await crossover(root, verify, INTERRUPT_SEC);
  console.log(line(`1. cold, killed after ${INTERRUPT_SEC} s`, cut, await recorded(root)));
  const resumed = await crossover(root, [...verify, '--resume']);
  console.log(line('2. --resume', resumed, await recorded(root)));
  console.log(
    `   cold total (1 + 2): ${(cut.seconds + resumed.seconds).toFixed(1)} s; setup cache entries: ${await setupEntries(root)}`,
  );
  const again = await crossover(root, verify);
  console.log(line('3. again in full, setup cached', again, await recorded(root)));
  const nothing = await crossover(root, [...verify, '--resume']);
  console.log(line('4. --resume, all recorded', nothing, await recorded(root)));
  console.log(`   last lines of 4: ${nothing.stderrTail}`);
} finally {
  await rm(root, { recursive: true, force: true });
}
