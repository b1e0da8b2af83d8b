import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUN_LOCK_FILE, RunLockSchema } from '../../src/io/run-lock.js';
import { verifyReceipts } from '../../src/receipts/store.js';
import { cli, copyProject, outcomes, planDir, receiptNames, smallProject, twoLibraryTasks, vitest } from './project.js';

const TRIALS = 16;
const RUN_TIMEOUT = 300_000;
/** Statuses that mean the machinery failed a trial, not the agent: a second run must cause none. */
const INFRASTRUCTURE = /^(check-error|setup-failed|cleanup-failed|cancelled|missing-checks)/;

/** The receipts a complete run stores: one per scheduled trial (the small experiment's provider probes eligible). */
async function scheduledIds(dir: string): Promise<string[]> {
  const plan = JSON.parse(await readFile(join(dir, 'plan.json'), 'utf8')) as {
    schedule: { trials: { id: string }[] };
  };
  return plan.schedule.trials.map((t) => `${t.id}.json`).sort();
}

/** Polls until `ready` holds, failing if the run it waits on ends first. */
async function until(ready: () => Promise<boolean>, running: Promise<unknown>, what: string): Promise<void> {
  let ended = false;
  void running.finally(() => (ended = true));
  for (;;) {
    if (await ready()) return;
    if (ended) throw new Error(`the run ended before ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function lockHolder(root: string): Promise<number | null> {
  const dir = await planDir(root).catch(() => null);
  if (!dir) return null;
  const text = await readFile(join(dir, RUN_LOCK_FILE), 'utf8').catch(() => null);
  const parsed = RunLockSchema.safeParse(text === null ? null : JSON.parse(text || 'null'));
  return parsed.success ? parsed.data.pid : null;
}

/** Every scheduled trial has exactly one stored, verified receipt, and none failed for infrastructure. */
async function expectEveryTrialOnce(root: string): Promise<void> {
  const dir = await planDir(root);
  expect(await receiptNames(dir)).toEqual(await scheduledIds(dir));
  expect((await verifyReceipts(join(dir, 'receipts'))).problems).toEqual([]);
  for (const [name, outcome] of Object.entries(await outcomes(dir))) expect(outcome, name).not.toMatch(INFRASTRUCTURE);
}

/** The probed project each test copies: the small experiment on two library tasks (locks are not about Chromium). */
let template: string;

beforeAll(async () => {
  template = await mkdtemp(join(tmpdir(), 'crossover-plugin-template-'));
  await smallProject({ root: template });
  await twoLibraryTasks(template);
}, RUN_TIMEOUT);

afterAll(() => rm(template, { recursive: true, force: true }));

// Each test has its own state directory: their runs overlap their waiting.
describe.concurrent('one run of a plan at a time in one state directory', () => {
  // One whole run serves both refusals: the run refused at once by the holder's lock, then
  // `crossover run` while the same holder still runs (a second holder run would repeat its 16 trials).
  it(
    'two Vitest runs started at once: one runs every trial, the other refuses before any trial, naming the holder; `crossover run` then refuses with exit 3 and runs nothing',
    async ({ expect, onTestFinished }) => {
      const root = await copyProject(template, onTestFinished);
      const first = vitest(root, ['run', '--project', 'small']);
      const second = vitest(root, ['run', '--project', 'small']);
      const done: string[] = [];
      const ended = (name: string) => (result: Awaited<typeof first>) => {
        done.push(name);
        return result;
      };
      const runs = [first.then(ended('first')), second.then(ended('second'))] as const;
      const early = await Promise.race(runs);
      const refusedFirst = early.all.includes('is already being run by process');
      expect(refusedFirst, early.all).toBe(true);

      // While the other run holds the plan, `crossover run` is refused too and disturbs nothing.
      const pid = await lockHolder(root);
      expect(pid).not.toBeNull();
      const before = (await receiptNames(await planDir(root))).length;
      const cliRun = await cli(root, ['run', 'experiments/small.ts']);
      expect(cliRun.code, cliRun.err).toBe(3);
      expect(cliRun.err).toContain(`is already being run by process ${pid}, started `);

      const [a, b] = await Promise.all(runs);
      const [refused, ran] = a.all.includes('is already being run by process') ? [a, b] : [b, a];
      expect(refused.all, refused.all).toMatch(/is already being run by process \d+, started \d{4}-\d\d-\d\dT/);
      expect(refused.exitCode).toBe(1);
      expect(refused.all).not.toMatch(/trials done/);
      // refused at startup (the holder had its lock) or in its global setup (both started at once): no stack either way
      expect(refused.all).not.toMatch(/^\s+(❯|at) /m);
      // The refusing run ended first: it did not wait for the holder to finish.
      expect(done[0]).toBe(refused === a ? 'first' : 'second');
      // The lock named the run that held it.
      expect((refused === a ? second : first).pid).toBe(pid);
      // The holder was not disturbed: it ran every trial (Vitest exits 1 for the trials that failed).
      expect(ran.all).toContain(`${TRIALS}/${TRIALS} trials done (${TRIALS} this run, 0 resumed)`);
      expect(before).toBeLessThan(TRIALS);
      await expectEveryTrialOnce(root);
      // The holder released its lock when it ended.
      expect(await lockHolder(root)).toBeNull();
    },
    RUN_TIMEOUT,
  );

  it(
    '`vitest run` while another process holds the plan says so first and only: no "No test files found", no stack',
    async ({ expect, onTestFinished }) => {
      const root = await copyProject(template, onTestFinished);
      const planned = await cli(root, ['plan', 'experiments/small.ts']);
      expect(planned.code, planned.err).toBe(0);
      // a live holder: a process of this test, recorded as the lock file records one
      const holder = spawn('sleep', ['600'], { stdio: 'ignore' });
      onTestFinished(() => void holder.kill());
      const started = (await readFile(`/proc/${holder.pid}/stat`, 'utf8')).split(') ')[1]?.split(' ')[19] ?? null;
      const lock = {
        schema: 'crossover.run-lock/1',
        pid: holder.pid,
        processStart: started,
        startedAt: '2024-05-01T00:00:00.000Z',
        token: '0'.repeat(32),
      };
      await writeFile(join(await planDir(root), RUN_LOCK_FILE), JSON.stringify(lock));
      const refused = await vitest(root, ['run', '--project', 'small']);
      expect(refused.exitCode).toBe(1);
      expect(refused.all).toContain(`is already being run by process ${holder.pid}, started 2024-05-01T00:00:00.000Z`);
      expect(refused.all).not.toContain('No test files found');
      expect(refused.all).not.toMatch(/^\s+(❯|at) /m);
      expect(await receiptNames(await planDir(root))).toEqual([]);
    },
    RUN_TIMEOUT,
  );

  it(
    'a holder SIGKILLed mid-run leaves its lock behind; the next run takes it over and completes, none lost or doubled',
    async ({ expect, onTestFinished }) => {
      const root = await copyProject(template, onTestFinished);
      const killed = vitest(root, ['run', '--project', 'small']);
      await until(
        async () => (await receiptNames(await planDir(root).catch(() => root))).length >= 3,
        killed,
        'it could be killed half-way',
      );
      process.kill(-(killed.pid as number), 'SIGKILL');
      await killed;
      const dir = await planDir(root);
      expect(await lockHolder(root)).toBe(killed.pid);
      const kept = await receiptNames(dir);
      expect(kept.length).toBeLessThan(TRIALS);

      const next = await cli(root, ['run', 'experiments/small.ts']);
      expect(next.code, next.err).toBe(0);
      const names = await receiptNames(dir);
      for (const name of kept) expect(names).toContain(name);
      await expectEveryTrialOnce(root);
    },
    RUN_TIMEOUT,
  );
});
