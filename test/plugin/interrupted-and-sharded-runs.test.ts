import { cp, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyReceipts } from '../../src/receipts/store.js';
import {
  copyProject,
  outcomes,
  planDir,
  REPORTER,
  receiptNames,
  receiptsAppear,
  reportedTests,
  scorecardWithoutTiming,
  smallProject,
  twoLibraryTasks,
  vitest,
} from './project.js';

const TRIALS = 16;
const RUN_TIMEOUT = 300_000;

interface Reference {
  outcomes: Record<string, string>;
  scorecard: unknown;
  trialIds: string[];
}

let reference: Reference;
/** The probed project every test copies, and the copy the reference run used. */
let template: string;
let referenceRoot: string;

/** One uninterrupted, unsharded run of the small experiment: what every other way of running it must add up to. */
beforeAll(async () => {
  template = await mkdtemp(join(tmpdir(), 'crossover-plugin-template-'));
  await smallProject({ root: template });
  await twoLibraryTasks(template);
  referenceRoot = await mkdtemp(join(tmpdir(), 'crossover-plugin-reference-'));
  await cp(template, referenceRoot, { recursive: true, verbatimSymlinks: true });
  const run = await vitest(referenceRoot, ['run', '--project', 'small']);
  const dir = await planDir(referenceRoot);
  const plan = JSON.parse(await readFile(join(dir, 'plan.json'), 'utf8')) as { schedule: { trials: { id: string }[] } };
  reference = {
    outcomes: await outcomes(dir),
    scorecard: await scorecardWithoutTiming(dir),
    trialIds: plan.schedule.trials.map((t) => `${t.id}.json`).sort(),
  };
  expect(Object.keys(reference.outcomes), run.all).toEqual(reference.trialIds);
  expect(reference.trialIds).toHaveLength(TRIALS);
}, RUN_TIMEOUT);

afterAll(async () => {
  for (const dir of [template, referenceRoot]) await rm(dir, { recursive: true, force: true });
});

interface StoredReceipt {
  bytes: string;
  inode: number;
  mtimeMs: number;
}

async function storedReceipts(dir: string): Promise<Map<string, StoredReceipt>> {
  const stored = new Map<string, StoredReceipt>();
  for (const name of await receiptNames(dir)) {
    const file = join(dir, 'receipts', name);
    const info = await stat(file);
    stored.set(name, { bytes: await readFile(file, 'utf8'), inode: info.ino, mtimeMs: info.mtimeMs });
  }
  return stored;
}

// The two ways of cutting the run up are independent: their runs overlap their waiting.
describe.concurrent('a run is the same however it is cut up', () => {
  it(
    'a run SIGKILLed half-way and started again runs no trial twice and scores exactly like an uninterrupted run',
    async ({ expect, onTestFinished }) => {
      const root = await copyProject(template, onTestFinished);
      const killed = vitest(root, ['run', '--project', 'small']);
      await receiptsAppear(root, killed, (_dir, names) => names.length >= 5);
      process.kill(-(killed.pid as number), 'SIGKILL');
      const ended = await killed;
      expect(ended.signal).toBe('SIGKILL');

      const dir = await planDir(root);
      const before = await storedReceipts(dir);
      expect(before.size).toBeGreaterThanOrEqual(5);
      expect(before.size).toBeLessThan(TRIALS);

      // `vitest list` names the whole experiment: a trial with a receipt is replayed, not skipped.
      const plan = JSON.parse(await readFile(join(dir, 'plan.json'), 'utf8')) as {
        schedule: { trials: { id: string; taskId: string; arm: string; repeat: number }[] };
      };
      const every = plan.schedule.trials.map((t) => `${t.taskId} > ${t.arm} #${t.repeat}`);
      const listed = await vitest(root, ['list', '--project', 'small', '--json=left.json']);
      expect(listed.exitCode, listed.all).toBe(0);
      const names = (JSON.parse(await readFile(join(root, 'left.json'), 'utf8')) as { name: string }[]).map(
        (t) => t.name,
      );
      expect(names.sort()).toEqual(every.sort());

      const resumed = await vitest(root, ['run', '--project', 'small']);
      const done = TRIALS - before.size;
      expect(resumed.all).toContain(`${TRIALS}/${TRIALS} trials done (${done} this run, ${before.size} resumed)`);
      expect(resumed.all).not.toContain('crossover: ');

      // The second run replayed exactly the trials whose receipts existed, saying why, and ran all the others.
      const tests = await reportedTests(root);
      expect(tests).toHaveLength(TRIALS);
      const replayed = tests.filter((t) => t.resumed !== undefined);
      expect(replayed.map((t) => `${t.trialId}.json`).sort()).toEqual([...before.keys()].sort());
      for (const test of replayed) expect(test.resumed).toBe('its receipt already exists: replayed, not run twice');
      for (const test of tests.filter((t) => t.resumed === undefined)) {
        expect(before.has(`${test.trialId}.json`)).toBe(false);
        expect(test.resumed).toBeUndefined();
      }

      // Receipts written before the kill were never rewritten.
      const after = await storedReceipts(dir);
      for (const [name, earlier] of before) expect(after.get(name), name).toEqual(earlier);

      expect(await receiptNames(dir)).toEqual(reference.trialIds);
      expect(await outcomes(dir)).toEqual(reference.outcomes);
      expect(await scorecardWithoutTiming(dir)).toEqual(reference.scorecard);
    },
    RUN_TIMEOUT,
  );

  it(
    'two shards merged with the Crossover reporter give every trial exactly one receipt and score exactly like one unsharded run',
    async ({ expect, onTestFinished }) => {
      const root = await copyProject(template, onTestFinished);
      for (const shard of ['1/2', '2/2']) {
        const run = await vitest(root, [
          'run',
          '--project',
          'small',
          `--shard=${shard}`,
          '--reporter=blob',
          `--outputFile=.vitest-reports/blob-${shard.replace('/', '-')}.json`,
        ]);
        expect(run.signal, run.all).toBeUndefined();
      }
      const dir = await planDir(root);
      // The blob reporter replaced the configured ones: receipts come only from the merge.
      expect(await receiptNames(dir)).toEqual([]);

      const merged = await vitest(root, ['--merge-reports', '.vitest-reports', `--reporter=${REPORTER}`]);
      expect(merged.all).toContain(`${TRIALS}/${TRIALS} trials done (${TRIALS} this run, 0 resumed)`);
      expect(merged.all).not.toContain('crossover: ');

      expect(await receiptNames(dir)).toEqual(reference.trialIds);
      expect(await outcomes(dir)).toEqual(reference.outcomes);
      expect(await scorecardWithoutTiming(dir)).toEqual(reference.scorecard);

      // Each trial's evidence travelled with its receipt through the blobs: every receipt names one, stored intact.
      const verified = await verifyReceipts(join(dir, 'receipts'));
      expect(verified.problems).toEqual([]);
      expect(verified.verified).toEqual(reference.trialIds);
      const named = await Promise.all(
        reference.trialIds.map(
          async (name) => JSON.parse(await readFile(join(dir, 'receipts', name), 'utf8')).evidence,
        ),
      );
      expect(named.every((digest) => /^sha256:[0-9a-f]{64}$/.test(digest))).toBe(true);
      expect((await readdir(join(dir, 'receipts', 'evidence'))).sort()).toEqual(
        [...new Set(named.map((digest: string) => `${digest.slice(7)}.json`))].sort(),
      );
    },
    RUN_TIMEOUT,
  );
});
