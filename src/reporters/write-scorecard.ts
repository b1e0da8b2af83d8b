import { join } from 'node:path';
import { prettyJson } from '../contracts/canonical.js';
import { parseWith } from '../contracts/errors.js';
import { type Scorecard, ScorecardSchema } from '../contracts/scorecard.js';
import { writeFileAtomic } from '../io/atomic.js';
import { renderHtml } from './html.js';
import { renderMarkdown } from './markdown.js';

export const SCORECARD_FILES = { json: 'scorecard.json', markdown: 'scorecard.md', html: 'scorecard.html' } as const;

/** Validates the scorecard, then writes it and its two projections atomically into `dir`. */
export async function writeScorecard(
  dir: string,
  scorecard: Scorecard,
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
  return paths;
}
