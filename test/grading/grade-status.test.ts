import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../src/contracts/receipt.js';
import { gradeStatus, gradeWorkspace } from '../../src/grading/grade.js';
import { fixtureTask, fixtureWorkspace } from './fixtures.js';

const result = (status: CheckResult['status'], kind: CheckResult['kind'] = 'required'): CheckResult => ({
  id: `c-${status}`,
  kind,
  status,
  message: '',
});

/** Every check that ran records its wall time, and what the kernel accounted to its processes. */
const TIMES = {
  wallMs: expect.any(Number),
  cpuMs: expect.any(Number),
  waitMs: expect.any(Number),
  ownMs: expect.any(Number),
};

describe('a grading passes only on positive evidence', () => {
  it('is check-error when any check could not run, even beside passes', () => {
    expect(gradeStatus([result('pass'), result('error')])).toBe('check-error');
  });

  it('is missing-checks when no check ran', () => {
    expect(gradeStatus([])).toBe('missing-checks');
  });

  it('fails on a failed regression check even when every required check passes', () => {
    expect(gradeStatus([result('pass'), result('fail', 'regression')])).toBe('failed');
  });

  it('is check-starved when a check was starved twice, unless another check failed on its merits', () => {
    const starved: CheckResult = { ...result('error'), id: 'c-starved', starved: true };
    expect(gradeStatus([result('pass'), starved])).toBe('check-starved');
    expect(gradeStatus([starved])).toBe('check-starved');
    expect(gradeStatus([result('fail', 'regression'), starved])).toBe('failed');
    expect(gradeStatus([result('error'), starved])).toBe('check-error');
  });

  it('passes only when every check passed', () => {
    expect(gradeStatus([result('pass'), result('pass', 'regression')])).toBe('passed');
  });

  it('fails the starting tree and a decoy, passes the reference', async () => {
    const task = await fixtureTask('valid-node');
    const start = await gradeWorkspace({ task, workspace: await fixtureWorkspace(task) });
    expect(start.status).toBe('failed');
    expect(start.checks).toEqual([
      {
        id: 'partial-last-page',
        kind: 'required',
        status: 'fail',
        message: expect.stringContaining('11 items at 5 a page fill <expected> pages'),
        ...TIMES,
      },
      {
        id: 'fewer-items-than-a-page',
        kind: 'required',
        status: 'fail',
        message: expect.stringContaining('one item is one page'),
        ...TIMES,
      },
      { id: 'slices-pages', kind: 'regression', status: 'pass', message: '', ...TIMES },
    ]);
    expect(start.durationsMs).toEqual(start.checks.map((check) => check.wallMs));
    const decoy = await gradeWorkspace({ task, workspace: await fixtureWorkspace(task, ['decoys/round']) });
    expect(decoy.status).toBe('failed');
    const reference = await gradeWorkspace({ task, workspace: await fixtureWorkspace(task, ['reference']) });
    expect(reference.status).toBe('passed');
  });
});
