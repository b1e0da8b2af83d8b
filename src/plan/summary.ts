import type { Plan } from '../contracts/plan.js';
import { clip } from '../contracts/redaction.js';
import type { RefusedTask } from '../corpus/load.js';
import { type ScheduleBalance, scheduleBalance } from './schedule.js';
import type { SetupDuration } from './setups.js';

export interface PlanSummary {
  id: string;
  experiment: Plan['experiment'];
  synthetic: boolean;
  sandbox: Plan['environment']['sandbox'];
  tasks: number;
  repeats: number;
  arms: Array<{ id: string; role: string; provider: string | null; trials: number }>;
  totalTrials: number;
  balance: ScheduleBalance;
  budget: Plan['budget'];
  cost: Plan['cost'];
  credentials: Array<{ name: string; available: boolean }>;
  approval: { required: boolean; reasons: string[]; file: string; approved: boolean };
  notes: string[];
  runnable: boolean;
  blocked: string[];
}

export interface SummaryFacts {
  id: string;
  credentials: Array<{ name: string; available: boolean }>;
  approval: { file: string; approved: boolean };
  blocked: string[];
  /** how long each repository task's setup ran when it ran (not bound by the plan: it varies) */
  setupDurations?: readonly SetupDuration[];
  /** the corpus's task folders that could not be loaded, with why: no plan can hold one */
  refused?: readonly RefusedTask[];
}

/** How many refused folders the summary names one by one; `crossover corpus verify` lists each. */
const REFUSED_NAMED = 10;
/** The longest reason a note gives for a refused folder (a parse error can quote a whole file). */
const REFUSED_REASON_LIMIT = 300;

/**
 * Notes naming the task folders the corpus refused. A plan of the whole corpus leaves them out,
 * and its counts alone would not say that the corpus on disk holds more tasks than it plans.
 */
function refusedNotes(refused: readonly RefusedTask[]): string[] {
  const named = refused.slice(0, REFUSED_NAMED).map(({ id, reason }) => {
    const oneLine = reason.split(/\s+/).join(' ');
    return `task folder tasks/${id} is refused, so it is in no plan: ${clip(oneLine, REFUSED_REASON_LIMIT)}`;
  });
  const rest = refused.length - named.length;
  if (rest === 0) return named;
  return [
    ...named,
    `${rest} more task folders are refused, so they are in no plan: crossover corpus verify lists each`,
  ];
}

/** Counts trials per arm in the schedule (or in any list of trials, such as the re-runs). */
export function trialsPerArm(plan: { schedule: Pick<Plan['schedule'], 'trials'> }): Map<string, number> {
  const counts = new Map<string, number>();
  for (const trial of plan.schedule.trials) counts.set(trial.arm, (counts.get(trial.arm) ?? 0) + 1);
  return counts;
}

/** What a person must know before running the plan; computed, not formatted. Pure. */
export function summarizePlan(plan: Plan, facts: SummaryFacts): PlanSummary {
  const counts = trialsPerArm(plan);
  const notes: string[] = [];
  if (plan.experiment.stage === 'exploratory')
    notes.push('EXPLORATORY: any tasks, always descriptive; its scorecard is never stage-2 evidence');
  if (plan.synthetic) notes.push('synthetic agents: results are descriptive and can never be qualified');
  const reattempts = plan.policy.reattempts;
  if (reattempts)
    notes.push(
      `preregistered re-attempts: a trial ending ${reattempts.statuses.join(', ')} may be re-attempted up to ${reattempts.max} time(s) (crossover run --reattempt); the budget counts attempts`,
    );
  for (const { taskId, durationMs } of facts.setupDurations ?? []) {
    const setup = plan.tasks.find((t) => t.id === taskId)?.setup;
    notes.push(
      `task ${taskId}: setup "${setup?.command}" produced ${setup?.digest} in ${(durationMs / 1000).toFixed(1)} s when it ran (the duration is in its setup record, not in the plan)`,
    );
  }
  for (const arm of plan.arms) {
    if (arm.provider?.eligibility === 'excluded')
      notes.push(`provider ${arm.provider.id} was excluded by its probe: arm ${arm.id} will be reported as excluded`);
  }
  notes.push(...refusedNotes(facts.refused ?? []));
  return {
    id: facts.id,
    experiment: plan.experiment,
    synthetic: plan.synthetic,
    sandbox: plan.environment.sandbox,
    tasks: plan.tasks.length,
    repeats: plan.repeats,
    arms: plan.arms.map((arm) => ({
      id: arm.id,
      role: arm.role,
      provider: arm.provider?.id ?? null,
      trials: counts.get(arm.id) ?? 0,
    })),
    totalTrials: plan.schedule.trials.length,
    balance: scheduleBalance(plan.schedule),
    budget: plan.budget,
    cost: plan.cost,
    credentials: facts.credentials,
    approval: { required: plan.approval.required, reasons: plan.approval.reasons, ...facts.approval },
    notes,
    runnable: facts.blocked.length === 0,
    blocked: facts.blocked,
  };
}
