import { join } from 'node:path';
import { parseWith } from '../contracts/errors.js';
import type { Plan } from '../contracts/plan.js';
import type { Receipt } from '../contracts/receipt.js';
import { type Scorecard, ScorecardSchema } from '../contracts/scorecard.js';
import { writeFileAtomic } from '../io/atomic.js';
import { writeFlipPages } from './flip-pages.js';
import { SCORECARD_FORMATS, type ScorecardFormatName } from './scorecard-formats.js';
import { writeTrialPages } from './trial-pages.js';

/** What the HTML's trial pages are made of: the plan's schedule, its receipts and their evidence. */
export interface TrialPagesInput {
  plan: Plan;
  receipts: readonly Receipt[];
  receiptsDir: string;
}

/** Where each format of a scorecard was written. */
export type ScorecardPaths = { [name in ScorecardFormatName]: string };

/**
 * Validates the scorecard, then writes it in every format (scorecard-formats.ts) atomically into
 * `dir`, and with `trials` the page of every scheduled trial that the HTML matrix links to and of
 * every task where a treatment and the baseline disagree (a flip).
 */
export async function writeScorecard(
  dir: string,
  scorecard: Scorecard,
  trials?: TrialPagesInput,
): Promise<ScorecardPaths> {
  const checked = parseWith(ScorecardSchema, scorecard, 'scorecard');
  const names = Object.keys(SCORECARD_FORMATS) as ScorecardFormatName[];
  const paths = Object.fromEntries(
    names.map((name) => [name, join(dir, SCORECARD_FORMATS[name].file)]),
  ) as ScorecardPaths;
  for (const name of names) await writeFileAtomic(paths[name], SCORECARD_FORMATS[name].render(checked));
  if (trials) await writeTrialPages(dir, trials.plan, trials.receipts, trials.receiptsDir);
  if (trials) await writeFlipPages(dir, checked.flips, trials);
  return paths;
}
