import type { Finding } from '../contracts/receipt.js';
import { receiptText } from './redaction.js';
import type { TrialSpec } from './spec.js';
import { removeTrialTree } from './workspace.js';

/** Removes the trial's directory (workspace, run home); a failure is the trial's cleanup finding, never a throw. */
export async function removeTrialDir(trialDir: string, spec: TrialSpec): Promise<Finding | null> {
  try {
    await removeTrialTree(trialDir);
    return null;
  } catch (error) {
    const detail = `the trial directory could not be removed: ${(error as Error).message}`;
    return { kind: 'cleanup', detail: receiptText(detail, spec, trialDir) };
  }
}
