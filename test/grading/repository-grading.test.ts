import { chmod, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadTask } from '../../src/corpus/load.js';
import { gradeWorkspace } from '../../src/grading/grade.js';
import { runSandboxed } from '../../src/io/sandboxed-command.js';
import { fixtureWorkspace } from '../grading/fixtures.js';
import { slugTask } from '../helpers/repository-task.js';
import { tempDir } from '../helpers/temp.js';

async function task(repository = {}) {
  return loadTask(await slugTask(join(await tempDir(), 'slug'), repository));
}

describe('a repository task is graded by its own test suite, hidden tests put back after the agent', () => {
  it('fails the fail-to-pass tests on the starting tree and passes every test on the reference', async () => {
    const loaded = await task();
    const start = await gradeWorkspace({ task: loaded, workspace: await fixtureWorkspace(loaded) });
    expect(start.status).toBe('failed');
    expect(start.checks.map((c) => [c.id, c.kind, c.status])).toEqual([
      ['joins many words', 'required', 'fail'],
      ['trims', 'required', 'fail'],
      ['lower-cases', 'regression', 'pass'],
      ['joins two words', 'regression', 'pass'],
    ]);
    const reference = await gradeWorkspace({ task: loaded, workspace: await fixtureWorkspace(loaded, ['reference']) });
    expect(reference).toMatchObject({ status: 'passed', checksRun: 4, findings: [] });
  });

  it('an agent that deletes the failing tests still fails: the hidden tests are put back', async () => {
    const loaded = await task();
    const workspace = await fixtureWorkspace(loaded);
    await rm(join(workspace, 'test/slug.test.js'));
    const result = await gradeWorkspace({ task: loaded, workspace });
    expect(result.status).toBe('failed');
    expect(result.checks.filter((c) => c.kind === 'required').map((c) => c.status)).toEqual(['fail', 'fail']);
    expect(result.findings).toEqual([
      {
        kind: 'tampering',
        detail: 'the agent changed test/slug.test.js, a hidden test path: grading used the hidden version',
      },
    ]);
  });

  it('an agent that rewrites the hidden tests to pass still fails, with a finding', async () => {
    const loaded = await task();
    const workspace = await fixtureWorkspace(loaded);
    await writeFile(
      join(workspace, 'test/slug.test.js'),
      "import { test } from 'node:test';\ntest('joins many words', () => {});\ntest('trims', () => {});\ntest('lower-cases', () => {});\ntest('joins two words', () => {});\n",
    );
    const result = await gradeWorkspace({ task: loaded, workspace });
    expect(result.status).toBe('failed');
    expect(result.findings).toHaveLength(1);
  });

  it('a listed test that does not run fails its check, never passes', async () => {
    const loaded = await task({ passToPass: ['lower-cases', 'a test nobody wrote'] });
    const result = await gradeWorkspace({ task: loaded, workspace: await fixtureWorkspace(loaded, ['reference']) });
    expect(result.status).toBe('failed');
    expect(result.checks.at(-1)).toEqual({
      id: 'a test nobody wrote',
      kind: 'regression',
      status: 'fail',
      message: 'the test did not run: it is not in the results',
    });
  });

  it('a runner that crashes before writing results is check-error, not passed', async () => {
    const loaded = await task({
      test: { command: 'echo boom >&2; exit 3', format: 'junit', resultFile: 'junit.xml', timeoutSec: 60 },
    });
    const result = await gradeWorkspace({ task: loaded, workspace: await fixtureWorkspace(loaded, ['reference']) });
    expect(result.status).toBe('check-error');
    expect(result.checksRun).toBe(0);
    expect(result.checks[0]!.message).toMatch(/wrote no result file junit.xml \(exit 3\): boom/);
  });

  it('a result file that is not JUnit fails every check', async () => {
    const loaded = await task({
      test: {
        command: 'echo "<testsuites><testcase name=trims>" > "$CROSSOVER_RESULTS/junit.xml"',
        format: 'junit',
        resultFile: 'junit.xml',
        timeoutSec: 60,
      },
    });
    const result = await gradeWorkspace({ task: loaded, workspace: await fixtureWorkspace(loaded, ['reference']) });
    expect(result.status).toBe('failed');
    expect(new Set(result.checks.map((c) => c.status))).toEqual(new Set(['fail']));
  });

  it('runs the test command with no network: a host server is out of reach (control: setup reaches it)', async () => {
    const server = createServer((_request, response) => response.end('reached'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const { port } = server.address() as AddressInfo;
    const cwd = await tempDir();
    await chmod(cwd, 0o755); // bwrap enters it before dropping to the runner's uid
    const probe = (network: boolean) =>
      runSandboxed({
        script: `node -e "fetch('http://127.0.0.1:${port}/').then(r => r.text()).then(console.log, e => console.log('unreachable', e.cause?.code))"`,
        cwd,
        env: { PATH: `${dirname(process.execPath)}:/usr/bin:/bin` },
        writable: [cwd],
        readOnly: [],
        mounts: [],
        network,
        timeoutMs: 30_000,
      });
    expect((await probe(false)).tail).toContain('unreachable ECONNREFUSED');
    expect((await probe(true)).tail).toContain('reached');
  });
});
