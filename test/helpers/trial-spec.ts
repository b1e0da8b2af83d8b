import { digestOf } from '../../src/contracts/canonical.js';
import type { PlannedArm } from '../../src/contracts/plan.js';
import type { LoadedTask } from '../../src/corpus/load.js';
import type { TrialSpec } from '../../src/trial/execute.js';

/**
 * A whole spec for executeTrial: one trial of `task` under `arm` in the bubblewrap sandbox, with
 * nothing from the host (no credentials, egress or MCP servers), and `overrides` on top.
 */
export function trialSpec(
  task: LoadedTask,
  arm: PlannedArm,
  overrides: Pick<TrialSpec, 'root'> & Partial<TrialSpec>,
): TrialSpec {
  return {
    planId: digestOf('test-plan'),
    trial: {
      id: 'abcdefabcdefabcdefabcdef',
      taskId: task.task.id,
      taskDigest: task.digest,
      arm: arm.id,
      role: arm.role,
      repeat: 1,
      block: 0,
      position: 0,
    },
    task,
    arm,
    prompt: task.prompt,
    sandbox: 'bubblewrap',
    mcpServers: [],
    credentials: [],
    egressHosts: [],
    loopback: false,
    readOnly: [],
    timeoutMs: 30_000,
    signal: new AbortController().signal,
    referenceAllowed: false,
    expectedSkill: null,
    ...overrides,
  };
}
