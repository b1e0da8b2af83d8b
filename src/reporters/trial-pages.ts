import { join } from 'node:path';
import { CrossoverError } from '../contracts/errors.js';
import type { Evidence } from '../contracts/evidence.js';
import type { Plan } from '../contracts/plan.js';
import type { Receipt } from '../contracts/receipt.js';
import { writeFileAtomic } from '../io/atomic.js';
import { readEvidence } from '../receipts/evidence-store.js';
import { renderTrialPage } from './trial-page.js';
import { trialPageHref } from './trial-page-path.js';

/** The evidence a receipt names, or why the page must do without it (a scorecard never fails for it). */
export async function evidenceOf(
  receiptsDir: string,
  receipt: Receipt,
): Promise<{ evidence: Evidence | null; note: string | null }> {
  if (receipt.evidence === undefined) return { evidence: null, note: null };
  try {
    return { evidence: await readEvidence(receiptsDir, receipt.evidence), note: null };
  } catch (error) {
    if (!(error instanceof CrossoverError)) throw error;
    return {
      evidence: null,
      note: `The evidence this receipt names (${receipt.evidence}) is missing or altered: run crossover receipts verify.`,
    };
  }
}

/**
 * One page per scheduled trial beside the scorecard (the matrix links each cell's repeats to them):
 * the receipt's story with its evidence, or a page saying the trial has no receipt.
 */
export async function writeTrialPages(
  outDir: string,
  plan: Plan,
  receipts: readonly Receipt[],
  receiptsDir: string,
): Promise<number> {
  const byId = new Map(receipts.map((receipt) => [receipt.trial.id, receipt]));
  for (const trial of plan.schedule.trials) {
    const receipt = byId.get(trial.id) ?? null;
    const { evidence, note } =
      receipt === null ? { evidence: null, note: null } : await evidenceOf(receiptsDir, receipt);
    const page = renderTrialPage(trial, receipt, evidence, note);
    await writeFileAtomic(join(outDir, trialPageHref(trial.taskId, trial.arm, trial.repeat)), page);
  }
  return plan.schedule.trials.length;
}
