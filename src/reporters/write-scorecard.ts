import { join } from 'node:path';
import { prettyJson } from '../contracts/canonical.js';
import { parseWith } from '../contracts/errors.js';
import type { Plan } from '../contracts/plan.js';
import type { Receipt } from '../contracts/receipt.js';
import { type Scorecard, ScorecardSchema } from '../contracts/scorecard.js';
import { writeFileAtomic } from '../io/atomic.js';
import { writeFlipPages } from './flip-pages.js';
import { renderHtml } from './html.js';
import { renderMarkdown } from './markdown.js';
import { writeTrialPages } from './trial-pages.js';

export const SCORECARD_FILES = { json: 'scorecard.json', markdown: 'scorecard.md', html: 'scorecard.html' } as const;

/** What the HTML's trial pages are made of: the plan's schedule, its receipts and their evidence. */
export interface TrialPagesInput {
  plan: Plan;
  receipts: readonly Receipt[];
  receiptsDir: string;
}

/**
 * Validates the scorecard, then writes it and its two projections atomically into `dir`, and with
 * `trials` the page of every scheduled trial that the HTML matrix links to and of every flip.
 */
export async function writeScorecard(
  dir: string,
  scorecard: Scorecard,
  trials?: TrialPagesInput,
): Promise<{ json: string; markdown: string; html: string }> {
  const checked = parseWith(ScorecardSchema, scorecard, 'scorecard');
  const paths = {
    json: join(dir, SCORECARD_FILES.json),
    markdown: join(dir, SCORECARD_FILES.markdown),
    html: join(dir, SCORECARD_FILES.html),
  };
  await writeFileAtomic(paths.json, prettyJson(checked));
  await writeFileAtomic(paths.markdown, renderMarkdown(checked));
  await writeFileAtomic(paths.html, renderHtml(checked));
  if (trials) await writeTrialPages(dir, trials.plan, trials.receipts, trials.receiptsDir);
  if (trials) await writeFlipPages(dir, checked.flips, trials);
  return paths;
}
