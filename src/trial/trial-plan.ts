import type { Plan, PlannedArm, PlannedTask, ScheduledTrial } from '../contracts/plan.js';
import { plannedTrials } from '../contracts/plan.js';
import type { SandboxKind } from './trial-sandbox.js';

/**
 * What a trial reads of its plan: a registered plan's, or the one-trial plan `crossover trial`
 * makes. Everything else of a plan (its policy, its budget's other limits, its approvals) is for
 * planning and scoring, never for running a trial.
 */
export interface TrialPlan {
  planId: string;
  /** every trial the plan may run: the schedule, then its reproducibility re-runs */
  trials: readonly ScheduledTrial[];
  tasks: readonly PlannedTask[];
  arms: readonly PlannedArm[];
  /** declared credential names, passed from the host environment when set */
  credentials: readonly string[];
  /** declared egress hosts */
  egressHosts: readonly string[];
  /** every arm's agent is synthetic: its agents may read the hidden reference (a labelled self-test) */
  synthetic: boolean;
  sandbox: { kind: SandboxKind; version: string | null };
  /** the agent's time limit of every trial, in ms; a task's own is shorter when it says so */
  trialTimeoutMs: number;
  /** the corpus directory, relative to the project root */
  corpusPath: string;
  /** the bound prompt template; null: each task's own prompt, as written */
  prompt: { template: string; digest: string } | null;
}

/** The part of a registered plan its trials read. */
export function trialPlanOf(plan: Plan, planId: string): TrialPlan {
  return {
    planId,
    trials: plannedTrials(plan).map((planned) => planned.trial),
    tasks: plan.tasks,
    arms: plan.arms,
    credentials: plan.credentials,
    egressHosts: plan.egress.hosts,
    synthetic: plan.synthetic,
    sandbox: plan.environment.sandbox,
    trialTimeoutMs: plan.budget.trialTimeoutSec * 1000,
    corpusPath: plan.corpus.path,
    prompt: plan.prompt,
  };
}
