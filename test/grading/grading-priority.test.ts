import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTask } from '../../src/corpus/load.js';
import { BrowserSession } from '../../src/grading/browser-session.js';
import { gradeWorkspace } from '../../src/grading/grade.js';
import { GRADING_NICE, mayRaisePriority } from '../../src/io/priority.js';
import { tempDir } from '../helpers/temp.js';

/** What a check runs at: GRADING_NICE where this process may raise priority (root), else unchanged. */
const EXPECTED = mayRaisePriority() ? GRADING_NICE : 0;

/** A node check that passes once its own process runs at `nice`: it is raised from outside, just after it starts. */
const NODE_CHECK = `import assert from 'node:assert/strict';
import { getPriority } from 'node:os';
export default async function () {
  for (let tries = 0; tries < 200 && getPriority() !== ${EXPECTED}; tries += 1) await new Promise((r) => setTimeout(r, 10));
  assert.equal(getPriority(), ${EXPECTED}, 'the check runs at the grading priority');
}
`;

async function priorityTask(): Promise<{ dir: string; workspace: string }> {
  const dir = join(await tempDir('crossover-priority-'), 'priority');
  for (const sub of ['checks', 'workspace', 'reference']) await mkdir(join(dir, sub), { recursive: true });
  const required = [
    { id: 'node-priority', file: 'node-priority.mjs', runner: 'node', timeoutMs: 5000 },
    { id: 'page-loads', file: 'page-loads.mjs', runner: 'browser', timeoutMs: 10_000 },
  ];
  const shape = { category: 'boundary-logic', surface: 'library', timeoutSec: 60 };
  const definition = { schema: 'crossover.task/1', id: 'priority', title: 'Checks at the grading priority', ...shape };
  await writeFile(join(dir, 'task.json'), JSON.stringify({ ...definition, checks: { required, regressions: [] } }));
  await writeFile(join(dir, 'prompt.md'), 'Nothing to do.\n');
  await writeFile(join(dir, 'workspace/index.html'), '<!doctype html><title>ok</title><p>ok</p>\n');
  await writeFile(join(dir, 'reference/index.html'), '<!doctype html><title>ok</title><p>fixed</p>\n');
  await writeFile(join(dir, 'checks/node-priority.mjs'), NODE_CHECK);
  await writeFile(
    join(dir, 'checks/page-loads.mjs'),
    'export default async function ({ page, baseUrl }) { await page.goto(baseUrl); }\n',
  );
  return { dir, workspace: join(dir, 'workspace') };
}

/** The niceness of a process (field 19 of /proc/<pid>/stat) and its autogroup's, as /proc/<pid>/autogroup shows it. */
function priorityOf(pid: number): { nice: number; autogroup: string } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const nice = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  const autogroup = readFileSync(`/proc/${pid}/autogroup`, 'utf8').trim();
  return { nice, autogroup: autogroup.slice(autogroup.indexOf(' nice ') + 1) };
}

describe('checks get the CPU they were qualified with: grading runs ahead of agents and other load', () => {
  it(`a node check's process and the Chromium of browser checks run at nice ${EXPECTED}, their sessions too`, async () => {
    const { dir, workspace } = await priorityTask();
    const browser = new BrowserSession();
    try {
      const result = await gradeWorkspace({ task: await loadTask(dir), workspace, browser });
      expect(result.checks.map((check) => [check.id, check.status, check.message])).toEqual([
        ['node-priority', 'pass', ''],
        ['page-loads', 'pass', ''],
      ]);
      const chromium = browser.processes();
      expect(chromium.length).toBeGreaterThan(1);
      // One session, one autogroup, at the grading priority: how the kernel weighs Chromium against
      // other sessions. Chromium itself re-nices its renderers inside it, so only its root is checked.
      for (const pid of chromium) expect(priorityOf(pid).autogroup).toBe(`nice ${EXPECTED}`);
      expect(priorityOf(chromium[0] as number).nice).toBe(EXPECTED);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
