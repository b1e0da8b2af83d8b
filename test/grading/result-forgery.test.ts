import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTask } from '../../src/corpus/load.js';
import { gradeWorkspace } from '../../src/grading/grade.js';
import { applyHiddenTests, runTestSuite } from '../../src/grading/repository-tests.js';
import { fixtureWorkspace } from '../grading/fixtures.js';
import { NODE_TEST_JUNIT, SLUG_BUGGY, slugTask } from '../helpers/repository-task.js';
import { tempDir } from '../helpers/temp.js';

const ROOT = process.getuid?.() === 0;
const LISTED = ['joins many words', 'trims', 'lower-cases', 'joins two words'];

/** A JUnit report passing every listed test; `failing` adds an unlisted failure so a runner's exit 1 looks earned. */
function forgedJunit(failing: boolean): string {
  const cases = LISTED.map((name) => `<testcase name="${name}" classname="test"/>`);
  if (failing) cases.push('<testcase name="an unlisted test" classname="test"><failure message="x"/></testcase>');
  return `<?xml version="1.0"?><testsuites>${cases.join('')}</testsuites>\n`;
}

/** Workspace code (the agent's src/slug.js, still buggy) that forges the report when the hidden tests import it. */
const FORGERS = {
  /** writes the report, then kills the runner before its reporter can overwrite it */
  'write-and-kill': `import { writeFileSync } from 'node:fs';
writeFileSync(process.env.CROSSOVER_RESULTS + '/junit.xml', ${JSON.stringify(forgedJunit(false))});
process.kill(process.ppid, 'SIGKILL');
`,
  /** renames its own report over the reporter's (still open) file; the runner's exit 1 is real */
  'replace-file': `import { renameSync, writeFileSync } from 'node:fs';
const results = process.env.CROSSOVER_RESULTS;
try {
  writeFileSync(results + '/forged.xml', ${JSON.stringify(forgedJunit(true))});
  renameSync(results + '/forged.xml', results + '/junit.xml');
} catch {}
`,
} as const;

async function forgedTree(forger: keyof typeof FORGERS) {
  const task = await loadTask(await slugTask(join(await tempDir(), 'slug')));
  const workspace = await fixtureWorkspace(task);
  await writeFile(join(workspace, 'src/slug.js'), `${FORGERS[forger]}${SLUG_BUGGY}`);
  return { task, workspace };
}

describe.runIf(ROOT)('workspace code run by the test suite cannot forge the result file', () => {
  it('a report written before the runner is killed is check-error, never passed', async () => {
    const { task, workspace } = await forgedTree('write-and-kill');
    const result = await gradeWorkspace({ task, workspace });
    expect(result.status).toBe('check-error');
    expect(result.checks[0]!.message).toMatch(/exit 137 but its results show no failure/);
  });

  it('a report renamed over the reporter’s file is refused: the genuine report grades the tree', async () => {
    const { task, workspace } = await forgedTree('replace-file');
    const result = await gradeWorkspace({ task, workspace });
    expect(result.status).toBe('failed');
    expect(result.checks.map((c) => [c.id, c.status])).toEqual([
      ['joins many words', 'fail'],
      ['trims', 'fail'],
      ['lower-cases', 'pass'],
      ['joins two words', 'pass'],
    ]);
  });

  it.each(Object.keys(FORGERS) as (keyof typeof FORGERS)[])(
    'control: with the protection off, the %s forgery passes every listed test (the attack is real)',
    async (forger) => {
      const { task, workspace } = await forgedTree(forger);
      await applyHiddenTests(task.dir, workspace);
      const test = { command: NODE_TEST_JUNIT, format: 'junit' as const, resultFile: 'junit.xml', timeoutSec: 60 };
      const run = await runTestSuite({ test, workspace, setup: null, unprotected: true });
      expect(run.kind).toBe('results');
      if (run.kind !== 'results') return;
      expect(LISTED.map((id) => run.results.get(id))).toEqual(['pass', 'pass', 'pass', 'pass']);
    },
  );

  it('runs the suite as the unprivileged agent uid with no capabilities and no_new_privs', async () => {
    const workspace = await tempDir();
    await chmod(workspace, 0o755); // bwrap enters it before dropping to the runner's uid
    const status = (field: string) => `$(grep '^${field}:' /proc/self/status | cut -f2)`;
    const probe = `printf "TAP version 13\\nok 1 - uid ${status('Uid')} caps ${status('CapEff')} nnp ${status('NoNewPrivs')}\\n1..1\\n" > "$CROSSOVER_RESULTS/status.tap"`;
    const test = { command: probe, format: 'tap' as const, resultFile: 'status.tap', timeoutSec: 60 };
    const run = await runTestSuite({ test, workspace, setup: null });
    expect(run.kind === 'results' && [...run.results.keys()]).toEqual(['uid 65534 caps 0000000000000000 nnp 1']);
  });
});
