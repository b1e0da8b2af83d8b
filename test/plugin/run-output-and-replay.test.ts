import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planDir, REPO, smallProject } from './project.js';

const RUN_TIMEOUT = 600_000;
/** fixtures/experiments/small.ts: 2 tasks × 4 arms × 2 repeats. */
const TRIALS = 16;
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

describe('crossover run shows compact progress', () => {
  let root: string;
  let first: Awaited<ReturnType<typeof crossoverRun>>;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'crossover-output-'));
    await smallProject({ root, concurrency: 2 });
    first = await crossoverRun(root);
  }, RUN_TIMEOUT);

  afterAll(() => rm(root, { recursive: true, force: true }));

  it('prints one line per finished trial and the summary last, never the Vitest failure dump', async () => {
    expect(first.exitCode, first.all).toBe(0);
    const lines = first.all.trimEnd().split('\n');
    expect(lines.length, first.all).toBeLessThanOrEqual(MOST_LINES);
    const trialLines = lines.filter((line) => /^\[\s*\d+\/16\] \S+ \S+ #\d /.test(line));
    expect(trialLines).toHaveLength(TRIALS);
    // Each line names task, arm, repeat, status and seconds; the count runs from 1 to 16.
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
