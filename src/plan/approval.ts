import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Approval } from '../contracts/approval.js';
import { ApprovalSchema } from '../contracts/approval.js';
import { digestOf } from '../contracts/canonical.js';
import { CrossoverError, parseJsonText, parseWith } from '../contracts/errors.js';
import type { Experiment } from '../contracts/experiment.js';
import type { Cost, Plan } from '../contracts/plan.js';
import type { Provider } from '../contracts/provider.js';
import { planKey } from '../io/layout.js';
import { egressPosture } from '../provider-runtime/egress.js';

/** The reason a provider's egress needs approval (the probe's rule: hosted, sends source, or remote hosts); null when it does not. */
function egressReason(provider: Provider): string | null {
  const { needsApproval, hosts, sendsSource } = egressPosture(provider, false);
  if (!needsApproval) return null;
  const reaching = hosts.length > 0 ? ` at ${hosts.join(', ')}` : '';
  return sendsSource
    ? `sends task source to ${provider.mode} provider ${provider.id}${reaching}`
    : `reaches ${provider.mode} provider ${provider.id}${reaching} (it declares that no task source is sent)`;
}

/**
 * Why a plan needs a human's approval before anything runs: it may cost money, its cost is
 * unknown, or a provider of its arms reaches outside this machine. Pure.
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
    const egress = egressReason(provider);
    if (egress !== null) reasons.push(egress);
    if (provider.mode !== 'local' && provider.pricing === undefined)
      reasons.push(`cost unknown: ${provider.mode} provider ${provider.id} declares no price`);
  }
  return reasons;
}

/** The providers of an experiment's arms whose egress an approval of its plan covers. */
export function providersNeedingEgressApproval(experiment: Experiment): Provider[] {
  const used = new Set(experiment.arms.map((arm) => arm.provider));
  return experiment.providers.filter((p) => used.has(p.id) && egressReason(p) !== null);
}

/**
 * What an approval of a plan covers: the plan with its providers' probe results left out. The
 * approval is what lets the probe send to a provider, and that probe's new record changes the
 * plan's id; cost, egress and every other binding stay what was approved. Pure.
 */
export function approvalScope(plan: Plan): string {
  return digestOf({
    ...plan,
    arms: plan.arms.map((arm) => ({
      ...arm,
      provider: arm.provider && { ...arm.provider, probeDigest: null, eligibility: null, eligibilityReasons: [] },
    })),
  });
}

/** experiments/approvals/<experiment>-<planKey>.json, beside the experiment file. */
export function approvalFile(experimentDir: string, experimentId: string, planId: string): string {
  return join(experimentDir, 'approvals', `${experimentId}-${planKey(planId)}.json`);
}

async function parseApproval(path: string): Promise<Approval | null> {
  const text = await readFile(path, 'utf8').catch(() => null);
  return text === null ? null : parseWith(ApprovalSchema, parseJsonText(text, path), path);
}

/** The approval for exactly this plan id, or null when none is on disk. */
export async function readApproval(path: string, planId: string): Promise<Approval | null> {
  const approval = await parseApproval(path);
  if (approval !== null && approval.planId !== planId) {
    throw new CrossoverError(
      'invalid-input',
      `${path}: $.planId: expected ${planId} (the plan its name points at), got ${approval.planId}`,
    );
  }
  return approval;
}

/** Every approval of one experiment in its approvals directory, each with its file. */
export async function experimentApprovals(
  experimentDir: string,
  experimentId: string,
): Promise<{ path: string; approval: Approval }[]> {
  const dir = join(experimentDir, 'approvals');
  const names = await readdir(dir).catch(() => [] as string[]);
  const found: { path: string; approval: Approval }[] = [];
  for (const name of names.filter((n) => n.startsWith(`${experimentId}-`) && n.endsWith('.json')).sort()) {
    const approval = await parseApproval(join(dir, name));
    if (approval?.experiment === experimentId) found.push({ path: join(dir, name), approval });
  }
  return found;
}

/**
 * The approval that covers a plan: the one naming its id, else one of the same experiment whose
 * scope is the plan's and whose reasons are the plan's (the same plan but for what a probe found).
 * Returns its path; null when none covers it.
 */
export async function findApproval(experimentDir: string, plan: Plan, planId: string): Promise<string | null> {
  const exact = approvalFile(experimentDir, plan.experiment.id, planId);
  if ((await readApproval(exact, planId)) !== null) return exact;
  const scope = approvalScope(plan);
  const reasons = JSON.stringify(plan.approval.reasons);
  for (const { path, approval } of await experimentApprovals(experimentDir, plan.experiment.id)) {
    if (approval.scope === scope && JSON.stringify(approval.approves) === reasons) return path;
  }
  return null;
}
