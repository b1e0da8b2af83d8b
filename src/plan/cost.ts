import { agentDefinition } from '../agents/registry.js';
import type { Agent } from '../contracts/agent.js';
import type { Experiment } from '../contracts/experiment.js';
import type { Cost } from '../contracts/plan.js';

/**
 * Whether trials of this agent may call a paid model, as its definition says: synthetic agents never
 * do; a command agent is a local program and counts as paid only when the experiment declares a price for it.
 */
function mayCallPaidModel(agent: Agent, experiment: Experiment): boolean {
  const paid = agentDefinition(agent.adapter).paid;
  return paid === 'when-priced' ? experiment.pricing !== undefined : paid === 'always';
}

/** Rounds a dollar bound up to the cent, so that rounding never makes it less conservative. */
function ceilCents(usd: number): number {
  return Math.ceil(usd * 100 - 1e-9) / 100;
}

/**
 * The conservative cost bound: declared price × worst-case tokens × attempts (every scheduled trial
 * of a paid agent, every re-attempt the policy preregisters for it and every reproducibility re-run,
 * within the budget's maxTrials, which counts them all). No price or no token ceiling leaves it unknown.
 */
export function costBound(
  experiment: Experiment,
  trialsPerArm: ReadonlyMap<string, number>,
  rerunsPerArm: ReadonlyMap<string, number> = new Map(),
): Cost {
  const attemptsPerTrial = 1 + (experiment.policy.reattempts?.max ?? 0);
  let scheduledPaid = 0;
  let rerunsPaid = 0;
  for (const arm of experiment.arms) {
    if (!mayCallPaidModel(arm.agent ?? experiment.agent, experiment)) continue;
    scheduledPaid += trialsPerArm.get(arm.id) ?? 0;
    rerunsPaid += rerunsPerArm.get(arm.id) ?? 0;
  }
  // Re-runs are never re-attempted; re-attempts fill what the budget leaves.
  const pricedTrials = Math.min(
    scheduledPaid * attemptsPerTrial + rerunsPaid,
    Math.max(scheduledPaid + rerunsPaid, experiment.budget.maxTrials),
  );
  const pricing = experiment.pricing ?? null;
  const tokens = experiment.worstCaseTokens ?? null;
  let boundUsd: number | null = 0;
  if (pricedTrials > 0) {
    boundUsd =
      pricing && tokens
        ? ceilCents(
            (pricedTrials *
              (tokens.input * pricing.inputPerMillionTokens + tokens.output * pricing.outputPerMillionTokens)) /
              1_000_000,
          )
        : null;
  }
  return { pricing, worstCaseTokens: tokens, pricedTrials, boundUsd, mayCostMoney: pricedTrials > 0 && boundUsd !== 0 };
}
