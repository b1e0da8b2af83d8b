import { dirname, join, relative } from 'node:path';
import { digestBytes, digestOf, sha256Hex } from '../contracts/canonical.js';
import { CrossoverError } from '../contracts/errors.js';
import type { FileDigest, PlannedArm, PlannedProvider } from '../contracts/plan.js';
import type { Provider } from '../contracts/provider.js';
import type { LoadedTask } from '../corpus/load.js';
import { bindProvider } from '../plan/providers.js';
import { type PlannedTrialResult, runPlannedTrial } from './run-planned-trial.js';
import type { TrialPlan } from './trial-plan.js';

/** The provider of an ad-hoc treatment trial: its declaration and the file it was read from. */
export interface AdHocProvider {
  declaration: Provider;
  /** the declaration file, absolute: its relative paths start from its directory */
  file: string;
}

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
  /** a context provider: the trial is then a treatment whose agent reaches it through Crossover's proxy */
  provider?: AdHocProvider;
  keepEvidence?: boolean;
}

type Definition = Pick<AdHocTrialInput, 'task' | 'command' | 'sandbox' | 'timeoutMs' | 'files' | 'authHome'>;

/** The command agent of an ad-hoc trial, as a planned arm: the baseline, or the treatment with `provider`. */
function adHocArm(input: Definition, provider: PlannedProvider | null): PlannedArm {
  const files = input.files ?? [];
  return {
    id: 'ad-hoc',
    role: provider === null ? 'baseline' : 'treatment',
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
    provider,
    allowedTools: provider?.tools ?? [],
    instructionFiles: [],
    skills: null,
  };
}

/**
 * The one-trial plan of `crossover trial`: a command agent on one task, with the task's own prompt.
 * Its plan id is the digest of this definition, so the same command on the same task under the same
 * sandbox, timeout and provider always names the same trial.
 */
export function adHocTrialPlan(input: Definition & { root: string }, provider: PlannedProvider | null = null) {
  const arm = adHocArm(input, provider);
  const planId = digestOf({
    schema: 'crossover.ad-hoc-trial/1',
    task: input.task.digest,
    arm,
    sandbox: input.sandbox,
    timeoutMs: input.timeoutMs,
    // The auth mode, never the directory: the same trial under a lease is another trial.
    ...(input.authHome === undefined ? {} : { auth: 'lease' }),
  });
  const { task } = input;
  const trial = {
    id: sha256Hex(`${planId}#1`).slice(0, 24),
    taskId: task.task.id,
    arm: arm.id,
    repeat: 1,
    block: 0,
    position: 0,
  };
  const plan: TrialPlan = {
    planId,
    trials: [trial],
    tasks: [
      {
        id: task.task.id,
        digest: task.digest,
        category: task.task.category,
        surface: task.task.surface,
        timeoutSec: Math.ceil(input.timeoutMs / 1000),
        relevantFiles: task.task.relevantFiles ?? null,
        expectedSkill: null,
      },
    ],
    arms: [arm],
    credentials: [],
    egressHosts: [],
    synthetic: false,
    sandbox: { kind: input.sandbox, version: null },
    trialTimeoutMs: input.timeoutMs,
    corpusPath: relative(input.root, join(task.dir, '..', '..')) || '.',
    prompt: null,
  };
  return { plan, trialId: trial.id, arm };
}

/** The provider bound as a plan binds it (declaration, files, install); one that cannot run here is refused. */
async function boundProvider(root: string, provider: AdHocProvider): Promise<PlannedProvider> {
  const source = relative(root, provider.file) || provider.file;
  const place = { root, experimentDir: dirname(provider.file), source, experimentFile: source };
  const { planned, blocked } = await bindProvider(provider.declaration, place);
  if (blocked.length > 0) throw new CrossoverError('refused', `--provider ${source}: ${blocked.join('; ')}`);
  return planned;
}

/** Runs one ad-hoc trial of a command agent, through the same entry as a planned trial. */
export async function runAdHocTrial(input: AdHocTrialInput): Promise<PlannedTrialResult> {
  const provider = input.provider ? await boundProvider(input.root, input.provider) : null;
  const { plan, trialId } = adHocTrialPlan(input, provider);
  return runPlannedTrial(plan, trialId, {
    root: input.root,
    providers: input.provider ? [input.provider.declaration] : [],
    experimentDir: input.provider ? dirname(input.provider.file) : input.root,
    loaded: { task: input.task, prompt: input.task.prompt },
    loopback: input.loopback,
    readOnly: input.readOnly,
    ...(input.signal ? { signal: input.signal } : {}),
    ...(input.authHome === undefined ? {} : { authHome: input.authHome }),
    keepEvidence: input.keepEvidence ?? false,
  });
}
