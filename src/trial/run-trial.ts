import { agentSandboxNeeds } from '../agents/sandbox-needs.js';
import { CrossoverError } from '../contracts/errors.js';
import type { Plan } from '../contracts/plan.js';
import type { ReceiptBody } from '../contracts/receipt.js';
import { executeTrial, type TrialSpec } from './execute.js';
import { notRunReceipt, receiptBase } from './receipt-body.js';

/** What a plan trial adds to a trial spec, and the spec fields a plan derives (made optional). */
export interface RunTrialInput
  extends Pick<TrialSpec, 'planId' | 'root' | 'task' | 'arm' | 'prompt' | 'sandbox' | 'mcpServers' | 'timeoutMs'>,
    Partial<
      Pick<
        TrialSpec,
        | 'signal'
        | 'referenceAllowed'
        | 'browser'
        | 'loopback'
        | 'readOnly'
        | 'agentSlots'
        | 'indexOverlays'
        | 'providerFailure'
        | 'withheldCredentials'
        | 'deadline'
        | 'authHome'
        | 'onEvidence'
      >
    > {
  plan: Plan;
  trialId: string;
  /** Which attempt at the scheduled trial this is; a re-attempt (2 on) is recorded as such in its receipt. */
  attempt?: number;
}

/**
 * Runs one scheduled trial of a plan and returns its receipt body (the caller seals and stores
 * it). A task whose digest is no longer the one the plan bound is not run: its receipt says drift.
 */
export async function runTrial(input: RunTrialInput): Promise<ReceiptBody> {
  const { plan, task, arm } = input;
  // A re-run of the reproducibility subset is run like the trial it repeats, under its own id.
  const trials = [...plan.schedule.trials, ...(plan.reproducibility?.reruns ?? []).map((rerun) => rerun.trial)];
  const scheduled = trials.find((trial) => trial.id === input.trialId);
  if (!scheduled)
    throw new CrossoverError('invalid-input', `plan ${input.planId}: $.schedule.trials: no trial ${input.trialId}`);
  if (scheduled.taskId !== task.task.id || scheduled.arm !== arm.id) {
    throw new CrossoverError(
      'invalid-input',
      `plan ${input.planId}: trial ${input.trialId} is (${scheduled.taskId}, ${scheduled.arm}), not (${task.task.id}, ${arm.id})`,
    );
  }
  const planned = plan.tasks.find((t) => t.id === task.task.id);
  if (!planned) throw new CrossoverError('invalid-input', `plan ${input.planId}: $.tasks: no task ${task.task.id}`);
  const attempt = input.attempt ?? 1;
  const trial = { ...scheduled, taskDigest: planned.digest, role: arm.role, ...(attempt > 1 ? { attempt } : {}) };
  if (planned.digest !== task.digest) {
    const base = receiptBase(input.planId, trial, arm.agent.spec);
    return notRunReceipt(base, 'drift', { kind: input.sandbox, version: plan.environment.sandbox.version }, []);
  }
  const needs = agentSandboxNeeds(arm.agent.spec, input.root);
  return executeTrial({
    planId: input.planId,
    trial,
    root: input.root,
    task,
    arm,
    prompt: input.prompt,
    sandbox: input.sandbox,
    mcpServers: input.mcpServers,
    credentials: plan.credentials,
    egressHosts: plan.egress.hosts,
    // An installed agent's model API may be a local mock; executeTrial binds what each agent needs to read.
    loopback: input.loopback ?? needs.loopback,
    readOnly: input.readOnly ?? [],
    timeoutMs: Math.min(input.timeoutMs, planned.timeoutSec * 1000),
    signal: input.signal ?? new AbortController().signal,
    expectedSkill: planned.expectedSkill,
    ...(planned.setup ? { setupDigest: planned.setup.digest } : {}),
    ...(planned.image ? { image: planned.image } : {}),
    referenceAllowed: input.referenceAllowed ?? plan.synthetic,
    ...(input.browser ? { browser: input.browser } : {}),
    ...(input.agentSlots ? { agentSlots: input.agentSlots } : {}),
    ...(input.deadline !== undefined ? { deadline: input.deadline } : {}),
    ...(input.withheldCredentials ? { withheldCredentials: input.withheldCredentials } : {}),
    ...(input.indexOverlays ? { indexOverlays: input.indexOverlays } : {}),
    ...(input.providerFailure ? { providerFailure: input.providerFailure } : {}),
    ...(input.authHome !== undefined ? { authHome: input.authHome } : {}),
    ...(input.onEvidence ? { onEvidence: input.onEvidence } : {}),
  });
}
