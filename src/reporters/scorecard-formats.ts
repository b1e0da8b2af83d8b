import { prettyJson } from '../contracts/canonical.js';
import type { Scorecard } from '../contracts/scorecard.js';
import { renderHtml } from './html.js';
import { renderMarkdown } from './markdown.js';

/** One projection of the scorecard model: the file it is written to, and how it is rendered. */
export interface ScorecardFormat {
  file: string;
  render: (scorecard: Scorecard) => string;
}

/**
 * Every format a scorecard is written in: the normalized JSON model and its projections. A new
 * format is one more entry here (docs/architecture.md, "Where things go").
 */
export const SCORECARD_FORMATS = {
  json: { file: 'scorecard.json', render: prettyJson },
  markdown: { file: 'scorecard.md', render: renderMarkdown },
  html: { file: 'scorecard.html', render: renderHtml },
} as const satisfies Record<string, ScorecardFormat>;

export type ScorecardFormatName = keyof typeof SCORECARD_FORMATS;

/** The file each format is written to. */
export const SCORECARD_FILES = Object.fromEntries(
  Object.entries(SCORECARD_FORMATS).map(([name, format]) => [name, format.file]),
) as { [name in ScorecardFormatName]: string };
