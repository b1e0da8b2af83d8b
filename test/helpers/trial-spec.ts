import type { Agent } from '../../src/contracts/agent.js';
import { digestOf } from '../../src/contracts/canonical.js';
import type { PlannedArm } from '../../src/contracts/plan.js';
import type { LoadedTask } from '../../src/corpus/load.js';
import type { McpUpstream } from '../../src/trial/mcp-proxy.js';
import { NO_PROVIDER, type ProviderLauncher } from '../../src/trial/provider-launch.js';
import type { TrialSpec } from '../../src/trial/spec.js';

/** The baseline arm of a trial with `spec` as its agent: no provider, tools, instruction files or skills. */
export function baselineArm(spec: Agent): PlannedArm {
  return {
    id: 'baseline',
    role: 'baseline',
    agent: { spec, executableDigest: null, promptTemplateDigest: digestOf('prompt') },
    provider: null,
    allowedTools: [],
    instructionFiles: [],
    skills: null,
  };
}

/**
 * A whole spec for executeTrial: one trial of `task` under `arm` in the bubblewrap sandbox, with
 * nothing from the host (no credentials, egress or provider), and `overrides` on top.
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
    provider: NO_PROVIDER,
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

/** A provider launch that hands the trial these servers (and withholds these credentials from the agent). */
export function servers(mcpServers: McpUpstream[], withheld: string[] = []): ProviderLauncher {
  return async () => ({ mcpServers, withheld, readOnly: [], overlays: [] });
}
