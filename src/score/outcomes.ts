import { CrossoverError } from '../contracts/errors.js';
import type { Plan, PlannedArm, ScheduledTrial } from '../contracts/plan.js';
import { attemptOf, mayReattempt, type Receipt, statusClass, type TrialStatus } from '../contracts/receipt.js';

/**
 * Every scheduled trial lands in exactly one class; a trial with no receipt is missing, never
 * dropped, unless its arm's provider is ineligible: such a trial is excluded, never run.
 */
export type TrialClass = 'success' | 'failure' | 'invalid' | 'missing' | 'excluded';

export interface TrialOutcome {
  readonly trial: ScheduledTrial;
  readonly receipt: Receipt | null;
  readonly class: TrialClass;
  /** The receipt said passed but its checks do not show it: counted as invalid, not as a success. */
  readonly unsupportedPass: boolean;
  /** A valid trial in which a regression check failed (or could not give a pass). */
  readonly regressionFailed: boolean;
  /** The status of every attempt, the counted last one included; empty with no receipt. */
  readonly attempts: readonly TrialStatus[];
}

/** arm id → task id → that cell's outcomes; arms and tasks in plan order, outcomes by repeat. */
export type OutcomeTable = Map<string, Map<string, TrialOutcome[]>>;

function conflict(message: string): CrossoverError {
  return new CrossoverError('conflict', message);
}

/** A receipt must describe exactly the trial the plan scheduled under its id. */
function requireScheduledIdentity(
  receipt: Receipt,
  trial: ScheduledTrial,
  plan: Plan,
  taskDigests: Map<string, string>,
  roles: Map<string, string>,
): void {
  const expected = {
    taskId: trial.taskId,
    taskDigest: taskDigests.get(trial.taskId),
    arm: trial.arm,
    role: roles.get(trial.arm),
    repeat: trial.repeat,
    block: trial.block,
    position: trial.position,
  };
  for (const [field, value] of Object.entries(expected)) {
    const actual = receipt.trial[field as keyof typeof expected];
    if (actual !== value) {
      throw conflict(
        `receipt of trial ${trial.id}: $.trial.${field} is ${JSON.stringify(actual)}, but plan ${plan.experiment.id} scheduled ${JSON.stringify(value)}`,
      );
    }
  }
}

/**
 * A re-attempt counts only as the preregistered policy allows it: attempts 1..k without a gap, each
 * before the last ended with a status the policy lets be re-attempted, and no more than it allows.
 * Anything else is a result picked after the fact, and refused.
 */
function requirePreregisteredAttempts(plan: Plan, id: string, attempts: ReadonlyMap<number, Receipt>): void {
  const last = Math.max(...attempts.keys());
  for (let attempt = 1; attempt < last; attempt++) {
    const earlier = attempts.get(attempt);
    if (!earlier) throw conflict(`receipt of trial ${id}: attempt ${last} is stored but attempt ${attempt} is not`);
    if (!mayReattempt(plan.policy.reattempts, earlier.status, attempt)) {
      throw conflict(
        `receipt of trial ${id}: attempt ${attempt + 1} follows a ${earlier.status} attempt ${attempt}, which $.policy.reattempts of plan ${plan.experiment.id} does not let be re-attempted`,
      );
    }
  }
}

/**
 * Every attempt of each scheduled trial, in attempt order, refusing any receipt that does not belong
 * to this plan's schedule (or to `trials`, the plan's re-runs, when given) or re-attempts it beyond
 * its preregistered policy. The last attempt is the one that counts.
 */
export function attemptsByTrial(
  plan: Plan,
  planId: string,
  receipts: readonly Receipt[],
  trials: readonly ScheduledTrial[] = plan.schedule.trials,
): Map<string, Receipt[]> {
  const scheduled = new Map(trials.map((trial) => [trial.id, trial]));
  const taskDigests = new Map(plan.tasks.map((task) => [task.id, task.digest]));
  const roles = new Map<string, string>(plan.arms.map((arm) => [arm.id, arm.role]));
  const byTrial = new Map<string, Map<number, Receipt>>();
  for (const receipt of receipts) {
    const id = receipt.trial.id;
    if (receipt.planId !== planId)
      throw conflict(`receipt of trial ${id}: belongs to plan ${receipt.planId}, not ${planId}`);
    const trial = scheduled.get(id);
    if (!trial) throw conflict(`receipt of trial ${id}: the trial is not in the schedule of plan ${planId}`);
    requireScheduledIdentity(receipt, trial, plan, taskDigests, roles);
    const attempts = byTrial.get(id) ?? new Map<number, Receipt>();
    const seen = attempts.get(attemptOf(receipt));
    if (seen && seen.digest !== receipt.digest) {
      throw conflict(
        `two different receipts for attempt ${attemptOf(receipt)} of trial ${id}: ${seen.digest} and ${receipt.digest}`,
      );
    }
    attempts.set(attemptOf(receipt), receipt);
    byTrial.set(id, attempts);
  }
  const ordered = new Map<string, Receipt[]>();
  for (const [id, attempts] of byTrial) {
    requirePreregisteredAttempts(plan, id, attempts);
    ordered.set(
      id,
      [...attempts.keys()].sort((a, b) => a - b).map((k) => attempts.get(k)!),
    );
  }
  return ordered;
}

/** The counted receipt of each trial: its last attempt. */
export function lastAttempts(attempts: ReadonlyMap<string, readonly Receipt[]>): Map<string, Receipt> {
  return new Map([...attempts].map(([id, list]) => [id, list[list.length - 1]!]));
}

/** Indexes receipts by trial id, the last attempt of each (the one that counts); see attemptsByTrial. */
export function receiptsByTrial(
  plan: Plan,
  planId: string,
  receipts: readonly Receipt[],
  trials: readonly ScheduledTrial[] = plan.schedule.trials,
): Map<string, Receipt> {
  return lastAttempts(attemptsByTrial(plan, planId, receipts, trials));
}

/** Positive evidence: required checks exist, every check ran to a result, and every one passed. */
function showsPass(receipt: Receipt): boolean {
  return (
    receipt.checks.some((check) => check.kind === 'required') &&
    receipt.checksRun >= receipt.checks.length &&
    receipt.checks.every((check) => check.status === 'pass')
  );
}

function outcomeOf(trial: ScheduledTrial, history: readonly Receipt[] | undefined, ineligible: boolean): TrialOutcome {
  const receipt = history?.[history.length - 1];
  if (!receipt) {
    const none = ineligible ? 'excluded' : 'missing';
    return { trial, receipt: null, class: none, unsupportedPass: false, regressionFailed: false, attempts: [] };
  }
  const attempts = history!.map((attempt) => attempt.status);
  const claimed = statusClass(receipt.status);
  if (claimed === 'success' && !showsPass(receipt)) {
    return { trial, receipt, class: 'invalid', unsupportedPass: true, regressionFailed: false, attempts };
  }
  const regressionFailed =
    claimed !== 'invalid' && receipt.checks.some((check) => check.kind === 'regression' && check.status !== 'pass');
  return { trial, receipt, class: claimed, unsupportedPass: false, regressionFailed, attempts };
}

/** An arm whose provider the probe excluded or blocked: its trials are never run. */
export function armIsIneligible(arm: PlannedArm): boolean {
  const status = arm.provider?.eligibility ?? null;
  return status === 'excluded' || status === 'blocked';
}

/** How many scheduled trials belong to ineligible arms: never run, never missing. */
export function excludedTrialCount(plan: Plan): number {
  const ineligible = new Set(plan.arms.filter(armIsIneligible).map((arm) => arm.id));
  return plan.schedule.trials.filter((trial) => ineligible.has(trial.arm)).length;
}

/** Places every scheduled trial, with its attempts or as missing (or excluded), in an arm × task table. */
export function tabulateOutcomes(plan: Plan, byTrial: ReadonlyMap<string, readonly Receipt[]>): OutcomeTable {
  const ineligible = new Set(plan.arms.filter(armIsIneligible).map((arm) => arm.id));
  const table: OutcomeTable = new Map(
    plan.arms.map((arm) => [arm.id, new Map(plan.tasks.map((task) => [task.id, []]))]),
  );
  for (const trial of plan.schedule.trials) {
    const cell = table.get(trial.arm)?.get(trial.taskId);
    if (!cell) {
      throw new CrossoverError(
        'invalid-input',
        `plan schedule: trial ${trial.id} names arm "${trial.arm}" or task "${trial.taskId}", which the plan does not declare`,
      );
    }
    cell.push(outcomeOf(trial, byTrial.get(trial.id), ineligible.has(trial.arm)));
  }
  for (const tasks of table.values())
    for (const cell of tasks.values()) cell.sort((a, b) => a.trial.repeat - b.trial.repeat);
  return table;
}
