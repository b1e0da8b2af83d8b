import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../src/contracts/receipt.js';
import { loadTask } from '../../src/corpus/load.js';
import { type GradeResult, gradeWorkspace } from '../../src/grading/grade.js';
import { cpuThrottle, watchProcesses } from '../helpers/starve.js';
import { tempDir } from '../helpers/temp.js';

/** Each check's time limit: its clock's wall bound while starved is three times this. */
const LIMIT_MS = 1000;

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

const CHECKS: Record<string, { runner: 'node' | 'browser'; source: string }> = {
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

/** A task of the named checks (all required, LIMIT_MS each) over WORKSPACE, and its workspace. */
async function task(ids: string[]): Promise<{ dir: string; workspace: string; checksDir: string }> {
  const dir = join(await tempDir('crossover-starved-'), 'starved');
  for (const sub of ['checks', 'workspace', 'reference']) await mkdir(join(dir, sub), { recursive: true });
  const required = ids.map((id) => ({ id, file: `${id}.mjs`, runner: CHECKS[id]!.runner, timeoutMs: LIMIT_MS }));
  const definition = { schema: 'crossover.task/1', id: 'starved', title: 'Checks that hang or are starved' };
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

async function grade(ids: string[], during?: (checksDir: string) => { stop(): number[] }) {
  const { dir, workspace, checksDir } = await task(ids);
  const watcher = during?.(checksDir);
  try {
    return { result: await gradeWorkspace({ task: await loadTask(dir), workspace }), acted: watcher?.stop() ?? [] };
  } finally {
    watcher?.stop();
  }
}

const byId = (result: GradeResult, id: string): CheckResult => result.checks.find((check) => check.id === id)!;

/** CPU time of a live process in ms (utime + stime of /proc/<pid>/stat, in clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

describe("a check's time limit measures the check, not the machine", () => {
  it('workspace code that loops or never settles still fails its checks, in node and in the browser', async () => {
    const ids = ['node-loops', 'node-never-settles', 'page-loops', 'page-never-settles'];
    const { result } = await grade(ids);
    expect(result.status).toBe('failed');
    for (const id of ids) {
      const check = byId(result, id);
      expect(check, id).toMatchObject({
        status: 'fail',
        message: expect.stringMatching(/^timed out after 1000 ms of its own time/),
      });
      // The clock ended it on the check's own time: wall time less the time it waited for a CPU.
      expect((check.wallMs as number) - (check.waitMs as number), id).toBeGreaterThanOrEqual(LIMIT_MS);
    }
    // The loop burned its own CPU; the promise that never settles used almost none, and fails all the same.
    expect(byId(result, 'node-loops').cpuMs).toBeGreaterThan(byId(result, 'node-never-settles').cpuMs as number);
  }, 120_000);

  it('a correct check stopped on its first run is run again alone, and that run is its verdict: passed', async () => {
    // Stopped (SIGSTOP) once it is working (past start-up), and left stopped: the kill at its end frees it.
    const stopOnce = (checksDir: string) => {
      let stopped = false;
      const file = join(checksDir, 'steady.mjs');
      const watcher = watchProcesses(file, (pid) => {
        const poll = setInterval(() => {
          try {
            if (stopped || cpuMsOf(pid) < 150) return;
            process.kill(pid, 'SIGSTOP');
            stopped = true;
          } catch {
            // ended
          }
          clearInterval(poll);
        }, 5);
      });
      return watcher;
    };
    const { result, acted } = await grade(['steady'], stopOnce);
    expect(acted).toHaveLength(2);
    expect(result.status).toBe('passed');
    expect(byId(result, 'steady')).toMatchObject({
      status: 'pass',
      rerun: true,
      message: expect.stringMatching(/^first run starved: .*; run again alone: passed$/),
    });
  }, 120_000);

  it('a correct check kept from the CPU on every run (5% of a core) is check-starved: no verdict, never failed', async () => {
    const throttle = await cpuThrottle(5);
    try {
      const { result, acted } = await grade(['steady'], (checksDir) =>
        watchProcesses(join(checksDir, 'steady.mjs'), (pid) => throttle.add(pid)),
      );
      expect(acted).toHaveLength(2);
      expect(result.status).toBe('check-starved');
      const check = byId(result, 'steady');
      expect(check).toMatchObject({ status: 'error', starved: true, message: expect.stringMatching(/^starved: /) });
      expect(check.message).toContain('run again alone, and starved again');
      // Starved: the check had less than its limit of its own time when the wall clock gave up.
      expect((check.wallMs as number) - (check.waitMs as number)).toBeLessThan(LIMIT_MS);
    } finally {
      await throttle.remove();
    }
  }, 120_000);
});
