import { digestBytes, digestOf, sha256Hex } from '../contracts/canonical.js';
import type { FileDigest, PlannedArm } from '../contracts/plan.js';
import type { ReceiptBody } from '../contracts/receipt.js';
import type { LoadedTask } from '../corpus/load.js';
import { executeTrial } from './execute.js';

export interface AdHocTrialInput {
  root: string;
  task: LoadedTask;
  /** shell command: the prompt on stdin, the workspace as working directory */
  command: string;
  sandbox: 'bubblewrap' | 'container' | 'none';
  timeoutMs: number;
  /** read-only paths the agent needs inside the sandbox (its install prefix) */
  readOnly: string[];
  /** the agent's own files (--agent-dir), root-relative with their digests: bound read-only, part of the trial's identity */
  files?: FileDigest[];
  loopback: boolean;
  signal?: AbortSignal;
  /** a login directory (absolute) the agent leases its login from; absent: none */
  authHome?: string;
}

export interface AdHocDefinition {
  planId: string;
  trial: ReceiptBody['trial'];
  arm: PlannedArm;
}

/**
 * The one-trial "plan" of `crossover trial`: a command agent as the baseline arm of one task. Its
 * plan id is the digest of this definition, so the same command on the same task under the same
 * sandbox and timeout always names the same trial.
 */
export function adHocDefinition(
  input: Pick<AdHocTrialInput, 'task' | 'command' | 'sandbox' | 'timeoutMs' | 'files' | 'authHome'>,
): AdHocDefinition {
  const files = input.files ?? [];
  const arm: PlannedArm = {
    id: 'ad-hoc',
    role: 'baseline',
    agent: {
      spec: {
        adapter: 'command',
        command: input.command,
        version: 'unversioned',
        ...(files.length > 0 ? { files: files.map((f) => f.path) } : {}),
      },
      executableDigest: null,
      promptTemplateDigest: digestBytes(input.task.prompt),
      ...(files.length > 0 ? { files } : {}),
    },
    provider: null,
    allowedTools: [],
    instructionFiles: [],
    skills: null,
  };
  const planId = digestOf({
    schema: 'crossover.ad-hoc-trial/1',
    task: input.task.digest,
    arm,
    sandbox: input.sandbox,
    timeoutMs: input.timeoutMs,
    // The auth mode, never the directory: the same trial under a lease is another trial.
    ...(input.authHome === undefined ? {} : { auth: 'lease' }),
  });
  const trial = {
    id: sha256Hex(`${planId}#1`).slice(0, 24),
    taskId: input.task.task.id,
    taskDigest: input.task.digest,
    arm: arm.id,
    role: arm.role,
    repeat: 1,
    block: 0,
    position: 0,
  };
  return { planId, trial, arm };
}

/** Runs one ad-hoc trial of a command agent: no plan, no provider, the task's own prompt. */
export async function runAdHocTrial(input: AdHocTrialInput): Promise<ReceiptBody> {
  const { planId, trial, arm } = adHocDefinition(input);
  return executeTrial({
    planId,
    trial,
    root: input.root,
    task: input.task,
    arm,
    prompt: input.task.prompt,
    sandbox: input.sandbox,
    mcpServers: [],
    credentials: [],
    egressHosts: [],
    loopback: input.loopback,
    readOnly: input.readOnly,
    timeoutMs: input.timeoutMs,
    signal: input.signal ?? new AbortController().signal,
    referenceAllowed: false,
    expectedSkill: null,
    ...(input.authHome === undefined ? {} : { authHome: input.authHome }),
  });
}
