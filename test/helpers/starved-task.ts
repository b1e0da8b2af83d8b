import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { GradeResult } from '../../src/grading/grade.js';
import { NODE_TEST_JUNIT, SLUG_FIXED, slugTask } from './repository-task.js';

/**
 * Tasks whose checks hang in workspace code (a loop, a promise that never settles; in node and in
 * the browser) or pass on a correct, CPU-bound solution (steady): what the check clock must fail,
 * and what it must never fail however the machine starves it.
 */

/** Each check's time limit: its clock's wall bound while starved is three times this. */
export const LIMIT_MS = 1000;

/** Workspace code that never ends, two ways, for node and for the browser; and a correct, CPU-bound solution. */
const WORKSPACE = {
  'index.js': [
    'export function spin() { for (;;) {} }',
    'export function never() { return new Promise(() => setInterval(() => undefined, 1000)); }',
    '// The correct solution: 400 ms of CPU, then the answer (the clock read once per million steps).',
    'export function answer() {',
    '  const end = process.cpuUsage().user + 400_000;',
    '  let x = 0;',
    '  while (process.cpuUsage().user < end) for (let i = 0; i < 1e6; i += 1) x ^= i;',
    '  return x === -1 ? 0 : 42;',
    '}',
    '',
  ].join('\n'),
  'index.html': [
    '<!doctype html><title>hangs</title>',
    '<script>window.spin = () => { for (;;) {} }; window.never = () => new Promise(() => {});</script>',
    '',
  ].join('\n'),
};

export const CHECKS: Record<string, { runner: 'node' | 'browser'; source: string }> = {
  'node-loops': {
    runner: 'node',
    source: `export default async function ({ workspace }) { (await import(workspace + '/index.js')).spin(); }\n`,
  },
  'node-never-settles': {
    runner: 'node',
    source: `export default async function ({ workspace }) { await (await import(workspace + '/index.js')).never(); }\n`,
  },
  'page-loops': {
    runner: 'browser',
    source:
      'export default async function ({ page, baseUrl }) { await page.goto(baseUrl); await page.evaluate(() => window.spin()); }\n',
  },
  'page-never-settles': {
    runner: 'browser',
    source:
      'export default async function ({ page, baseUrl }) { await page.goto(baseUrl); await page.evaluate(() => window.never()); }\n',
  },
  steady: {
    runner: 'node',
    source: [
      "import assert from 'node:assert/strict';",
      `export default async function ({ workspace }) { assert.equal((await import(workspace + '/index.js')).answer(), 42); }`,
      '',
    ].join('\n'),
  },
};

/** Writes task \`id\` under \`parent\`: the named checks (all required, LIMIT_MS each) over WORKSPACE. */
export async function writeStarvedTask(
  parent: string,
  id: string,
  ids: string[],
): Promise<{ dir: string; workspace: string; checksDir: string }> {
  const dir = join(parent, id);
  for (const sub of ['checks', 'workspace', 'reference']) await mkdir(join(dir, sub), { recursive: true });
  const required = ids.map((id) => ({ id, file: `${id}.mjs`, runner: CHECKS[id]!.runner, timeoutMs: LIMIT_MS }));
  const definition = { schema: 'crossover.task/1', id, title: 'Checks that hang or are starved' };
  const shape = { category: 'boundary-logic', surface: 'library', timeoutSec: 60 };
  await writeFile(
    join(dir, 'task.json'),
    JSON.stringify({ ...definition, ...shape, checks: { required, regressions: [] } }),
  );
  await writeFile(join(dir, 'prompt.md'), 'Nothing to do.\n');
  await writeFile(join(dir, 'reference/index.js'), WORKSPACE['index.js']);
  for (const [file, text] of Object.entries(WORKSPACE)) await writeFile(join(dir, 'workspace', file), text);
  for (const id of ids) await writeFile(join(dir, 'checks', `${id}.mjs`), CHECKS[id]!.source);
  return { dir, workspace: join(dir, 'workspace'), checksDir: join(dir, 'checks') };
}

/** A repository suite's time limit (the slug task's test run): its wall-clock bound while starved is three times this. */
export const SUITE_LIMIT_SEC = 2;

/**
 * The slug fix with a CPU-bound start: 600 ms of CPU when the suite imports it. Alone it runs in
 * about a second; at 5% of a core it cannot have that CPU before the wall clock's bound.
 */
export const SLOW_FIX = [
  'const end = process.cpuUsage().user + 600_000;',
  'let x = 0;',
  'while (process.cpuUsage().user < end) for (let i = 0; i < 1e6; i += 1) x ^= i;',
  SLUG_FIXED,
].join('\n');

/** The workspace code of a suite that loops: its time is its own, and it times out. */
export const LOOPING_SLUG = 'export function slug() {\n  for (;;) {}\n}\n';

/** The hand-written slug task (repository-task.ts) at `dir`, its test run limited to SUITE_LIMIT_SEC. */
export function starvedSuiteTask(dir: string): Promise<string> {
  const test = { command: NODE_TEST_JUNIT, format: 'junit' as const, resultFile: 'junit.xml' };
  return slugTask(dir, { test: { ...test, timeoutSec: SUITE_LIMIT_SEC } });
}

/** A suite the machine starved on its run and on its lone re-run: no verdict, every check an error marked starved. */
export function expectSuiteStarvedTwice(result: GradeResult): void {
  expect(result.status).toBe('check-starved');
  for (const check of result.checks) {
    expect(check).toMatchObject({ status: 'error', starved: true });
    expect(check.message).toMatch(/^the test command starved: had \d+ ms of its own time of its 2000 ms limit/);
    expect(check.message).toContain('and starved again');
  }
}

/** A suite that ran past its limit of its own time: every check failed. */
export function expectSuiteTimedOut(result: GradeResult): void {
  expect(result.status).toBe('failed');
  for (const check of result.checks) {
    expect(check.status).toBe('fail');
    expect(check.message).toMatch(/^the test command timed out after 2000 ms of its own time/);
  }
}
