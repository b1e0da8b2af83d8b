import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIBRARY_TASKS,
  planDir,
  REPO,
  REPORTER,
  receiptNames,
  reportedTests,
  smallProject,
  vitest,
} from './project.js';

const RUN_TIMEOUT = 600_000;
/** fixtures/experiments/small.ts on the library task: 1 task × 4 arms × 2 repeats. */
const TRIALS = 8;
/** The plan line, one line per trial, the four summary lines: anything more is a dump. */
const MOST_LINES = 1 + TRIALS + 4;

interface Totals {
  success: number;
  failure: number;
  invalid: number;
}

/** `crossover run` as a user runs it: the built CLI in its own process, stdout and stderr interleaved. */
function crossoverRun(root: string, extra: string[] = []) {
  return execa(process.execPath, [join(REPO, 'bin/crossover.js'), 'run', 'experiments/small.ts', ...extra], {
    cwd: root,
    reject: false,
    all: true,
    env: { NO_COLOR: '1', FORCE_COLOR: '0' },
  });
}

async function scorecardTotals(dir: string): Promise<Totals> {
  const scorecard = JSON.parse(await readFile(join(dir, 'scorecard.json'), 'utf8')) as {
    arms: { trials: Totals }[];
  };
  const sum: Totals = { success: 0, failure: 0, invalid: 0 };
  for (const arm of scorecard.arms) for (const key of Object.keys(sum) as (keyof Totals)[]) sum[key] += arm.trials[key];
  return sum;
}

/** Vitest's JSON report has no annotations: this reporter writes each test's annotation types. */
const ANNOTATIONS = 'annotations.json';
const ANNOTATIONS_REPORTER = `import { writeFileSync } from 'node:fs';
export default class {
  onTestRunEnd(modules) {
    const types = modules.flatMap((m) => [...m.children.allTests()].map((t) => t.annotations().map((a) => a.type)));
    writeFileSync(${JSON.stringify(ANNOTATIONS)}, JSON.stringify(types));
  }
}
`;

/** The project's reporters (as its vitest.config.ts names them) and the annotation reporter. */
function withAnnotations(): string[] {
  return ['default', REPORTER, 'json', './annotations-reporter.mjs'].map((name) => `--reporter=${name}`);
}

async function receiptTimes(dir: string): Promise<Map<string, number>> {
  const times = new Map<string, number>();
  for (const name of await receiptNames(dir)) times.set(name, (await stat(join(dir, 'receipts', name))).mtimeMs);
  return times;
}

describe('crossover run shows compact progress; a later vitest run replays the receipts', () => {
  let root: string;
  let first: Awaited<ReturnType<typeof crossoverRun>>;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'crossover-output-'));
    await smallProject({ root, concurrency: 2, tasks: LIBRARY_TASKS });
    await writeFile(join(root, 'annotations-reporter.mjs'), ANNOTATIONS_REPORTER);
    first = await crossoverRun(root);
  }, RUN_TIMEOUT);

  afterAll(() => rm(root, { recursive: true, force: true }));

  it('prints one line per finished trial and the summary last, never the Vitest failure dump', async () => {
    expect(first.exitCode, first.all).toBe(0);
    const lines = first.all.trimEnd().split('\n');
    expect(lines.length, first.all).toBeLessThanOrEqual(MOST_LINES);
    const trialLines = lines.filter((line) => new RegExp(`^\\[\\s*\\d+/${TRIALS}\\] \\S+ \\S+ #\\d `).test(line));
    expect(trialLines).toHaveLength(TRIALS);
    // Each line names task, arm, repeat, status and seconds; the count runs from 1 to TRIALS.
    expect(trialLines.map((line) => Number(/^\[\s*(\d+)\//.exec(line)?.[1]))).toEqual(
      Array.from({ length: TRIALS }, (_, i) => i + 1),
    );
    for (const line of trialLines) expect(line).toMatch(/ #[12] (passed|failed|agent-error|timeout|[a-z-]+) \d+\.\d s/);
    expect(trialLines.slice(0, -1).every((line) => / · about .+ left$/.test(line))).toBe(true);
    // Some trials failed (seeded agents at 0.5), so Vitest's view would have dumped their assertions here.
    const totals = await scorecardTotals(await planDir(root));
    expect(totals.failure + totals.invalid).toBeGreaterThan(0);
    expect(first.all).not.toContain('AssertionError');
    expect(first.all).not.toContain('Test Files');
    expect(lines.at(-4)).toBe(`crossover small: ${TRIALS}/${TRIALS} trials done (${TRIALS} this run, 0 resumed)`);
    expect(lines.at(-1)).toMatch(
      /^ {2}scorecard: \.crossover\/small\/[0-9a-f]{16}\/scorecard\.html \(also \.json, \.md\)$/,
    );
  });

  it(
    'vitest run --project replays every receipt as its test: the scorecard counts, marked resumed, no trial run again',
    async () => {
      const dir = await planDir(root);
      const before = await receiptTimes(dir);
      const totals = await scorecardTotals(dir);
      const replay = await vitest(root, ['run', '--project', 'small', ...withAnnotations()]);
      expect(replay.all).toContain(`${TRIALS}/${TRIALS} trials done (0 this run, ${TRIALS} resumed)`);
      expect(replay.all).not.toContain('crossover: ');
      // No receipt was written or rewritten: nothing ran again.
      expect(await receiptTimes(dir)).toEqual(before);

      const tests = await reportedTests(root);
      expect(tests).toHaveLength(TRIALS);
      expect(tests.filter((t) => t.status === 'skipped')).toEqual([]);
      expect(tests.filter((t) => t.status === 'passed')).toHaveLength(totals.success);
      expect(tests.filter((t) => t.status === 'failed')).toHaveLength(totals.failure + totals.invalid);
      for (const test of tests) expect(test.resumed).toBe('its receipt already exists: replayed, not run twice');

      // Each replayed test carries its receipt's checks and diagnostics as annotations, marked resumed.
      const annotations = JSON.parse(await readFile(join(root, ANNOTATIONS), 'utf8')) as string[][];
      expect(annotations).toHaveLength(TRIALS);
      for (const types of annotations) {
        expect(types).toContain('crossover:resumed');
        expect(types).toContain('crossover:diagnostics');
        expect(types).toContain('crossover:check');
      }
    },
    RUN_TIMEOUT,
  );

  it(
    'a receipt changed after it was sealed fails its replayed test, naming the file, instead of replaying it',
    async () => {
      const dir = await planDir(root);
      const [name] = await receiptNames(dir);
      const file = join(dir, 'receipts', name as string);
      const original = await readFile(file, 'utf8');
      const receipt = JSON.parse(original) as { status: string };
      receipt.status = receipt.status === 'passed' ? 'failed' : 'passed';
      await writeFile(file, JSON.stringify(receipt, null, 2));
      try {
        const replay = await vitest(root, ['run', '--project', 'small']);
        expect(replay.all).toContain('was changed after it was sealed');
        const tampered = (await reportedTests(root)).find((t) => `${t.trialId}.json` === name);
        expect(tampered?.status).toBe('failed');
      } finally {
        await writeFile(file, original);
      }
    },
    RUN_TIMEOUT,
  );

  it(
    '--verbose brings back Vitest’s own view',
    async () => {
      const verbose = await crossoverRun(root, ['--verbose']);
      expect(verbose.exitCode, verbose.all).toBe(0);
      expect(verbose.all).toContain('Test Files');
      expect(verbose.all.trimEnd().split('\n').at(-1)).toMatch(/^ {2}scorecard: /);
    },
    RUN_TIMEOUT,
  );
});
