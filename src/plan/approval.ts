import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Approval } from '../contracts/approval.js';
import { ApprovalSchema } from '../contracts/approval.js';
import { CrossoverError, parseJsonText, parseWith } from '../contracts/errors.js';
import type { Experiment } from '../contracts/experiment.js';
import type { Cost } from '../contracts/plan.js';
import { planKey } from '../io/layout.js';

/**
 * Why a plan needs a human's approval before anything runs: it may cost money, its cost is
 * unknown, or it sends source to a provider outside this machine. Pure.
 */
export function approvalReasons(experiment: Experiment, cost: Cost, armProviders: readonly string[]): string[] {
  const reasons: string[] = [];
  if (cost.boundUsd === null) {
    const missing =
      cost.pricing === null ? 'no declared price ($.pricing)' : 'no worst-case token ceiling ($.worstCaseTokens)';
    reasons.push(`cost unknown: ${cost.pricedTrials} trials of a paid agent with ${missing}`);
  } else if (cost.mayCostMoney) {
    reasons.push(
      `may cost money: up to $${cost.boundUsd.toFixed(2)} for ${cost.pricedTrials} trials at the declared price`,
    );
  }
  for (const provider of experiment.providers.filter((p) => armProviders.includes(p.id))) {
    if (provider.mode !== 'local' && provider.egress.sendsSource)
      reasons.push(`sends source to ${provider.mode} provider ${provider.id}`);
    if (provider.mode !== 'local' && provider.pricing === undefined)
      reasons.push(`cost unknown: ${provider.mode} provider ${provider.id} declares no price`);
  }
  return reasons;
}

/** experiments/approvals/<experiment>-<planKey>.json, beside the experiment file. */
export function approvalFile(experimentDir: string, experimentId: string, planId: string): string {
  return join(experimentDir, 'approvals', `${experimentId}-${planKey(planId)}.json`);
}

/** The approval for exactly this plan id, or null when none is on disk. */
export async function readApproval(path: string, planId: string): Promise<Approval | null> {
  const text = await readFile(path, 'utf8').catch(() => null);
  if (text === null) return null;
  const approval = parseWith(ApprovalSchema, parseJsonText(text, path), path);
  if (approval.planId !== planId) {
    throw new CrossoverError(
      'invalid-input',
      `${path}: $.planId: expected ${planId} (the plan its name points at), got ${approval.planId}`,
    );
  }
  return approval;
}
