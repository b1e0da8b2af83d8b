import { cp, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Agent } from '../../src/contracts/agent.js';
import type { PlannedArm } from '../../src/contracts/plan.js';
import { loadTask } from '../../src/corpus/load.js';
import { gradeWorkspace } from '../../src/grading/grade.js';
import { executeTrial } from '../../src/trial/execute.js';
import { loginDir } from '../helpers/login-dir.js';
import { tempDir } from '../helpers/temp.js';
import { baselineArm, trialSpec } from '../helpers/trial-spec.js';
import { PAGES_TASK } from './hostile.js';

/**
 * An agent that returns its leased login from workspace code: pageCount throws an error quoting the
 * token, so the hidden check's message holds it; it also prints the token and names a file after it.
 */
const LEAKER = `#!/bin/sh
set -eu
token=$(node -e 'process.stdout.write(JSON.parse(require("fs").readFileSync(process.env.HOME + "/.claude/.credentials.json", "utf8")).claudeAiOauth.accessToken)')
printf '%s\\n' "export function pageCount() { throw new Error('login $token'); }" > src/pages.js
echo "my token is $token"
touch "leak-$token.txt"
`;

function leakerArm(): PlannedArm {
  const spec: Agent = { adapter: 'command', command: './agents/leak/agent.sh', version: '1', files: ['agents/leak'] };
  return baselineArm(spec);
}

describe('the leased token never reaches the receipt or the evidence', () => {
  it('a token the agent quotes in a check message, prints and names a file after is redacted everywhere', async () => {
    const { dir, canary } = await loginDir();
    const root = await tempDir();
    await mkdir(join(root, 'agents/leak'), { recursive: true });
    await writeFile(join(root, 'agents/leak/agent.sh'), LEAKER, { mode: 0o755 });
    const task = await loadTask(PAGES_TASK);
    const { body: receipt, evidence } = await executeTrial(
      trialSpec(task, leakerArm(), { root, authHome: dir, keepEvidence: true }),
    );
    // Positive evidence that each channel carried it: each holds the redaction mark where the token was.
    expect(receipt.checks.map((check) => check.message)).toContain('login <redacted>');
    expect(receipt.changes?.files.map((file) => file.path)).toContain('leak-<redacted>.txt');
    expect(evidence?.output?.stdout).toContain('my token is <redacted>');
    expect(JSON.stringify(receipt)).not.toContain(canary);
    expect(JSON.stringify(evidence)).not.toContain(canary);
  });

  it("control: the check's own message, before the trial redacts it, quotes the token (the attack is real)", async () => {
    const task = await loadTask(PAGES_TASK);
    const workspace = join(await tempDir(), 'workspace');
    await cp(join(PAGES_TASK, 'workspace'), workspace, { recursive: true });
    const token = 'canary-in-a-check-message';
    await writeFile(
      join(workspace, 'src/pages.js'),
      `export function pageCount() { throw new Error('login ${token}'); }\n`,
    );
    const graded = await gradeWorkspace({ task, workspace });
    expect(graded.checks.map((check) => check.message)).toContain(`login ${token}`);
  });
});
