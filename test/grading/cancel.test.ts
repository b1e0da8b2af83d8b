import { describe, expect, it } from 'vitest';
import { gradeWorkspace } from '../../src/grading/grade.js';
import { fixtureTask, fixtureWorkspace } from './fixtures.js';

describe('cancelling a grading', () => {
  it('rejects with the abort reason instead of reporting results', async () => {
    const task = await fixtureTask('hostile');
    const workspace = await fixtureWorkspace(task);
    const controller = new AbortController();
    const grading = gradeWorkspace({ task, workspace, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('trial cancelled')), 200);
    await expect(grading).rejects.toThrow('trial cancelled');
  });
});
