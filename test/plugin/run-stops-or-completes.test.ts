import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  cli,
  configure,
  copyProject,
  planDir,
  receiptNames,
  smallProject,
  twoLibraryTasks,
  vitest,
} from './project.js';

const RUN_TIMEOUT = 300_000;
const CHECK = 'corpus/tasks/valid-node/checks/partial-last-page.mjs';

/** Every receipt file anywhere under the project's .crossover directory. */
async function anyReceipts(root: string): Promise<string[]> {
  const entries = await readdir(join(root, '.crossover'), { recursive: true }).catch(() => [] as string[]);
  return entries.filter((entry) => /receipts\/[^/]+\.json$/.test(entry));
}

/** Changes exactly one byte of a hidden check, as a careless edit after registration would. */
async function changeOneByte(root: string, file: string): Promise<void> {
  const bytes = await readFile(join(root, file));
  const at = bytes.indexOf('3');
  if (at < 0) throw new Error(`${file}: no byte to change`);
  bytes[at] = '4'.charCodeAt(0);
  await writeFile(join(root, file), bytes);
}

/** The probed small project the tests copy (each needs its own): one probe for the file, not one per test. */
let template: string;

beforeAll(async () => {
  template = await mkdtemp(join(tmpdir(), 'crossover-plugin-template-'));
  await smallProject({ root: template });
}, RUN_TIMEOUT);

afterAll(() => rm(template, { recursive: true, force: true }));

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('crossover run stops before any trial, or completes whatever the trials did', () => {
  it('a plan whose hidden check changed by one byte stops `crossover run --plan` with exit 4 naming the task, before any trial', async () => {
    const root = await copyProject(template);
    const planned = await cli(root, ['plan', 'experiments/small.ts', '--out', 'plan.json']);
    expect(planned.code, planned.err).toBe(0);
    await changeOneByte(root, CHECK);

    const run = await cli(root, ['run', 'experiments/small.ts', '--plan', 'plan.json']);
    expect(run.code, run.out).toBe(4);
    expect(run.err).toContain('plan.json');
    expect(run.err).toContain('drifted');
    expect(run.err).toContain('valid-node');
    expect(await anyReceipts(root)).toEqual([]);
  });

  it(
    'the same drift stops a plain `vitest --project` in global setup: no test runs, no receipt, a failing exit code',
    async () => {
      const root = await copyProject(template);
      const planned = await cli(root, ['plan', 'experiments/small.ts', '--out', 'plan.json']);
      expect(planned.code, planned.err).toBe(0);
      await changeOneByte(root, CHECK);
      await configure(root, { plan: 'plan.json' });

      const run = await vitest(root, ['run', '--project', 'small']);
      expect(run.exitCode, run.all).toBe(1);
      // stopped in global setup: Vitest's startup error, the refusal alone (no stack, no "No test files found")
      expect(run.all).toContain('Startup Error');
      expect(run.all).not.toContain('No test files found');
      expect(run.all).toContain('crossover: plan.json: the registered plan has drifted; nothing was run');
      expect(run.all).toContain('valid-node');
      expect(await anyReceipts(root)).toEqual([]);
    },
    RUN_TIMEOUT,
  );

  it('a plan whose provider was never probed is blocked: `crossover run` exits 5 and runs nothing', async () => {
    const root = await smallProject({ probe: false });
    const run = await cli(root, ['run', 'experiments/small.ts']);
    expect(run.code, run.err).toBe(5);
    expect(run.err).toContain('is blocked; nothing was run');
    expect(run.err).toContain('code-search');
    expect(await anyReceipts(root)).toEqual([]);
  });

  it('a plan with browser checks is blocked before any trial when there is no Chromium, naming the install command', async () => {
    const root = await copyProject(template);
    vi.stubEnv('CROSSOVER_CHROMIUM', join(root, 'no-chromium-here'));
    const planned = await cli(root, ['plan', 'experiments/small.ts']);
    expect(planned.code).toBe(5);
    expect(planned.err).toContain('Chromium, which the browser checks of browser-counter need, is unavailable');
    expect(planned.err).toContain('apt-get install chromium-headless-shell');
    const run = await cli(root, ['run', 'experiments/small.ts']);
    expect(run.code, run.err).toBe(5);
    expect(run.err).toContain('is blocked; nothing was run');
    expect(await anyReceipts(root)).toEqual([]);
  });

  it('a Chromium that is there but cannot start blocks the run before any trial', async () => {
    const root = await copyProject(template);
    // an executable that exits at once: found, but no browser starts
    vi.stubEnv('CROSSOVER_CHROMIUM', '/bin/false');
    expect((await cli(root, ['plan', 'experiments/small.ts'])).code).toBe(0);
    const run = await cli(root, ['run', 'experiments/small.ts']);
    expect(run.code, run.err).toBe(5);
    expect(run.err).toContain('Chromium at /bin/false failed to start');
    expect(run.err).toContain('apt-get install chromium-headless-shell');
    expect(await anyReceipts(root)).toEqual([]);
  });

  it(
    '`crossover run` exits 0 when the run completed, although trials failed: their failure is data',
    async () => {
      const root = await copyProject(template);
      // failures of the trials, not of browser grading: no Chromium needed
      await twoLibraryTasks(root);
      const run = await cli(root, ['run', 'experiments/small.ts', '--concurrency', '4']);
      expect(run.code, run.err).toBe(0);
      expect(run.err).toBe('');
      const dir = await planDir(root);
      const names = await receiptNames(dir);
      expect(names).toHaveLength(16);
      const statuses = await Promise.all(
        names.map(
          async (name) =>
            (JSON.parse(await readFile(join(dir, 'receipts', name), 'utf8')) as { status: string }).status,
        ),
      );
      expect(statuses).toContain('failed');
      expect(statuses).toContain('passed');
      for (const file of ['scorecard.json', 'scorecard.md', 'scorecard.html'])
        expect((await readFile(join(dir, file))).length).toBeGreaterThan(0);
    },
    RUN_TIMEOUT,
  );
});
