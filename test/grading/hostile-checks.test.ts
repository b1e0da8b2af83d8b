import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckResult } from '../../src/contracts/receipt.js';
import { type GradeResult, gradeWorkspace } from '../../src/grading/grade.js';
import { fixtureTask, fixtureWorkspace } from './fixtures.js';

// One grading of the hostile fixture: each of its checks tries something the grader must deny.
describe("hostile checks run under Node's permission model", () => {
  let result: GradeResult;
  let workspace: string;
  let scratch: string;
  const check = (id: string): CheckResult => {
    const found = result.checks.find((c) => c.id === id);
    if (!found) throw new Error(`no result for ${id}`);
    return found;
  };

  beforeAll(async () => {
    const task = await fixtureTask('hostile');
    scratch = await mkdtemp(join(tmpdir(), 'crossover-hostile-'));
    workspace = await fixtureWorkspace(task, [], scratch);
    result = await gradeWorkspace({ task, workspace });
  }, 120_000);
  afterAll(() => rm(scratch, { recursive: true, force: true }));

  it('gives every check exactly one result, in task order', () => {
    expect(result.checks.map((c) => c.id)).toEqual([
      'writes-a-file',
      'spawns-a-process',
      'starts-a-worker',
      'reads-the-reference',
      'never-finishes',
      'exits-early',
      'fake-pass-lines',
      'serves-loopback',
      'page-reaches-only-workspace',
    ]);
    expect(result.status).toBe('failed');
    expect(result.findings).toEqual([]);
  });

  it('denies a check that writes a file, and reports it', async () => {
    expect(check('writes-a-file')).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('ERR_ACCESS_DENIED FileSystemWrite <workspace>/written-by-check.txt'),
    });
    await expect(access(join(workspace, 'written-by-check.txt'))).rejects.toThrow();
  });

  it('denies a check that spawns a process, and reports it', () => {
    expect(check('spawns-a-process')).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('ERR_ACCESS_DENIED ChildProcess'),
    });
  });

  it('denies a check that starts a worker', () => {
    expect(check('starts-a-worker')).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('ERR_ACCESS_DENIED WorkerThreads'),
    });
  });

  it('denies a check that reads outside the workspace (the hidden reference), and reports it', () => {
    const denied = check('reads-the-reference');
    expect(denied).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('ERR_ACCESS_DENIED FileSystemRead'),
    });
    expect(denied.message).toContain('reference/secret.txt');
    expect(denied.message).not.toContain('the hidden reference solution');
  });

  it('fails a check that times out, with its times: its own time (wall less waiting) reached the limit', () => {
    const timedOut = check('never-finishes');
    expect(timedOut).toMatchObject({
      id: 'never-finishes',
      kind: 'required',
      status: 'fail',
      message: expect.stringMatching(/^timed out after 1500 ms of its own time \(\d+ ms of wall time, /),
    });
    expect(timedOut.rerun).toBeUndefined();
    // The clock's definition, not a speed: a check times out only once it had its limit of its own time.
    expect(timedOut.ownMs).toBeGreaterThanOrEqual(1500);
  });

  it('fails a check that exits without a result', () => {
    expect(check('exits-early')).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('without a result'),
    });
  });

  it('ignores fake result lines printed by workspace code', () => {
    expect(check('fake-pass-lines')).toMatchObject({ status: 'fail', message: 'the real verdict is a failure' });
  });

  it('lets a check read the workspace and use loopback', () => {
    expect(check('serves-loopback')).toMatchObject({ status: 'pass' });
  });

  it('keeps a browser page on the served origin', () => {
    expect(check('page-reaches-only-workspace')).toMatchObject({ status: 'pass' });
  });

  it('counts the checks that ran to a result', () => {
    expect(result.checksRun).toBe(9);
  });
});
