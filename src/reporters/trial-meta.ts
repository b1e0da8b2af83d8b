import type { Evidence } from '../contracts/evidence.js';
import type { Receipt } from '../contracts/receipt.js';

/** The trial identity every generated test carries in its meta, and the receipt it adds when done. */
export interface TrialMeta {
  planId: string;
  trialId: string;
  taskId: string;
  arm: string;
  repeat: number;
  block: number;
  position: number;
  /** where this trial's receipt goes, relative to the project's root (meta ends up in Vitest's reports) */
  receiptsDir: string;
  /** which attempt at the scheduled trial this test runs or reports: 2 on for a preregistered re-attempt */
  attempt: number;
  /** set when the trial's receipt already exists: its test replays the receipt instead of running it */
  resumed?: string;
  /** set when the trial is never run because its arm's provider is ineligible (excluded or blocked) */
  excluded?: string;
}

declare module 'vitest' {
  interface TaskMeta {
    crossover?: TrialMeta;
    crossoverReceipt?: Receipt;
    /** the trial's own time, from its agent slot to its receipt (the test's duration also counts its wait for a slot) */
    crossoverSeconds?: number;
    /** the evidence the receipt names: it travels with the receipt, so merged shards keep it too */
    crossoverEvidence?: Evidence;
  }
}
