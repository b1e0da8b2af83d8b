import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { agentSandboxNeeds } from '../agents/registry.js';
import { digestBytes } from '../contracts/canonical.js';
import { CrossoverError } from '../contracts/errors.js';
import type { Evidence } from '../contracts/evidence.js';
import type { PlannedArm, PlannedTask, ScheduledTrial } from '../contracts/plan.js';
import type { Provider } from '../contracts/provider.js';
import { type Receipt, type ReceiptBody, sealReceipt } from '../contracts/receipt.js';
import { type LoadedTask, loadTask } from '../corpus/load.js';
import type { BrowserSession } from '../grading/browser-session.js';
import { renderPrompt } from '../plan/prompt.js';
import type { AgentSlots } from './agent-slots.js';
import { executeTrial } from './execute.js';
import { plannedLauncher } from './provider-launch.js';
import { notRunReceipt, receiptBase } from './receipt-body.js';
import type { TrialSpec } from './spec.js';
import type { TrialPlan } from './trial-plan.js';

/** A task of the plan as its trials receive it: loaded, and its prompt rendered from the bound template. */
export interface PlannedTaskInput {
  task: LoadedTask;
  prompt: string;
}

/** What a run gives each of its trials beyond the plan: where it runs, and what it shares with other trials. */
export interface TrialContext {
  /** the project root: the corpus, installs and state live below it */
  root: string;
  /** the experiment's provider declarations, and the directory their relative paths start from */
  providers: readonly Provider[];
  experimentDir: string;
  /** the run's cancellation */
  signal?: AbortSignal;
  /** which attempt at the trial this is; a re-attempt (2 on) is recorded as such in its receipt */
  attempt?: number;
  /** the task, when the caller loaded it once for several trials (a generated test file per task) */
  loaded?: PlannedTaskInput;
  browser?: BrowserSession;
  agentSlots?: AgentSlots;
  /** the run's deadline (epoch ms) */
  deadline?: number;
  /** the login directory the agent's login is leased from */
  authHome?: string;
  keepEvidence?: boolean;
  /** share the host network for loopback (a test's local servers); default: what the agent needs */
  loopback?: boolean;
  /** extra read-only paths for the agent's sandbox */
  readOnly?: string[];
}

/** A planned trial's outcome: its sealed receipt and, when kept, its evidence. */
export interface PlannedTrialResult {
  receipt: Receipt;
  evidence: Evidence | null;
}

/**
 * A task of the plan, loaded from the plan's corpus, with the prompt every one of its trials
 * receives: rendered from the template the plan bound (a template whose bytes changed is drift,
 * and nothing runs), or the task's own prompt for a plan without one.
 */
export async function loadPlannedTask(root: string, plan: TrialPlan, taskId: string): Promise<PlannedTaskInput> {
  const task = await loadTask(join(root, plan.corpusPath, 'tasks', taskId));
  if (plan.prompt === null) return { task, prompt: task.prompt };
  const template = await readFile(join(root, plan.prompt.template), 'utf8');
  if (digestBytes(template) !== plan.prompt.digest) {
    throw new CrossoverError(
      'drift',
      `prompt template ${plan.prompt.template} no longer has the digest the plan bound; nothing was run`,
    );
  }
  return { task, prompt: renderPrompt(template, { id: task.task.id, title: task.task.title, prompt: task.prompt }) };
}

/** The scheduled trial, its arm and its task as the plan names them; an id the plan does not hold is an error. */
function plannedParts(plan: TrialPlan, trialId: string): { trial: ScheduledTrial; arm: PlannedArm; task: PlannedTask } {
  const trial = plan.trials.find((t) => t.id === trialId);
  if (!trial) throw new CrossoverError('invalid-input', `plan ${plan.planId}: $.schedule.trials: no trial ${trialId}`);
  const arm = plan.arms.find((a) => a.id === trial.arm);
  if (!arm) throw new CrossoverError('invalid-input', `plan ${plan.planId}: $.arms: no arm ${trial.arm}`);
  const task = plan.tasks.find((t) => t.id === trial.taskId);
  if (!task) throw new CrossoverError('invalid-input', `plan ${plan.planId}: $.tasks: no task ${trial.taskId}`);
  return { trial, arm, task };
}

/** The trial's spec: everything bound from the plan and the run, read by every phase. */
function trialSpec(
  plan: TrialPlan,
  parts: ReturnType<typeof plannedParts>,
  input: PlannedTaskInput,
  context: TrialContext,
  receiptTrial: ReceiptBody['trial'],
): TrialSpec {
  const { arm, task } = parts;
  return {
    planId: plan.planId,
    trial: receiptTrial,
    root: context.root,
    task: input.task,
    arm,
    prompt: input.prompt,
    sandbox: plan.sandbox.kind,
    provider: plannedLauncher(arm, { ...context, sandbox: plan.sandbox.kind }, input.task),
    credentials: [...plan.credentials],
    egressHosts: [...plan.egressHosts],
    // An installed agent's model API may be a local mock; the trial binds what each agent needs to read.
    loopback: context.loopback ?? agentSandboxNeeds(arm.agent.spec, context.root).loopback,
    readOnly: context.readOnly ?? [],
    timeoutMs: Math.min(plan.trialTimeoutMs, task.timeoutSec * 1000),
    signal: context.signal ?? new AbortController().signal,
    expectedSkill: task.expectedSkill,
    referenceAllowed: plan.synthetic,
    ...(task.setup ? { setupDigest: task.setup.digest } : {}),
    ...(task.image ? { image: task.image } : {}),
    ...(context.browser ? { browser: context.browser } : {}),
    ...(context.agentSlots ? { agentSlots: context.agentSlots } : {}),
    ...(context.deadline !== undefined ? { deadline: context.deadline } : {}),
    ...(context.authHome !== undefined ? { authHome: context.authHome } : {}),
    keepEvidence: context.keepEvidence ?? false,
  };
}

/**
 * Runs one trial of a plan end to end and returns its sealed receipt (the caller stores it) and its
 * evidence: the Vitest harness, `crossover trial` and the tests all enter here. A task whose
 * digest is no longer the one the plan bound is not run: its receipt says drift.
 */
export async function runPlannedTrial(
  plan: TrialPlan,
  trialId: string,
  context: TrialContext,
): Promise<PlannedTrialResult> {
  const parts = plannedParts(plan, trialId);
  const input = context.loaded ?? (await loadPlannedTask(context.root, plan, parts.trial.taskId));
  if (input.task.task.id !== parts.trial.taskId)
    throw new CrossoverError(
      'invalid-input',
      `plan ${plan.planId}: trial ${trialId} runs task ${parts.trial.taskId}, not ${input.task.task.id}`,
    );
  const attempt = context.attempt ?? 1;
  const trial = {
    ...parts.trial,
    taskDigest: parts.task.digest,
    role: parts.arm.role,
    ...(attempt > 1 ? { attempt } : {}),
  };
  if (parts.task.digest !== input.task.digest) {
    const base = receiptBase(plan.planId, trial, parts.arm.agent.spec);
    return { receipt: sealReceipt(notRunReceipt(base, 'drift', plan.sandbox, [])), evidence: null };
  }
  const outcome = await executeTrial(trialSpec(plan, parts, input, context, trial));
  return { receipt: sealReceipt(outcome.body), evidence: outcome.evidence };
}
