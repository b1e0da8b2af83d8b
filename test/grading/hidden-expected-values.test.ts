import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTask } from '../../src/corpus/load.js';
import { gradeWorkspace } from '../../src/grading/grade.js';

const TASK = join(import.meta.dirname, '../../fixtures/trial-tasks/secret-answer');
const SECRET = 'the-secret-is-4f2a9c';

describe("a failed check's message in the receipt", () => {
  it("keeps the check's id, its fail and a bounded first line, never the hidden expected value", async () => {
    const task = await loadTask(TASK);
    const result = await gradeWorkspace({ task, workspace: join(TASK, 'workspace') });
    const check = result.checks.find((c) => c.id === 'answer-is-the-secret');
    expect(check).toMatchObject({ status: 'fail', message: expect.stringContaining('AssertionError') });
    expect(check?.message).not.toContain('\n');
    expect(JSON.stringify(result)).not.toContain(SECRET);
  });

  it("is quoted by the assertion's own message, diff and all (the test is real)", () => {
    let message = '';
    try {
      assert.equal('the answer goes here', SECRET);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(SECRET);
  });
});
