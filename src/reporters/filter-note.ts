import type { Scorecard } from '../contracts/scorecard.js';

/**
 * What a run limited with --task or --arm left out, as the sentence every projection shows after
 * "Filtered run." (the run summary, Markdown, HTML); null for a whole run.
 */
export function filterNote(scorecard: Pick<Scorecard, 'filter'>): string | null {
  const { filter } = scorecard;
  if (filter === undefined) return null;
  const limits = [
    ...(filter.tasks === null ? [] : [`tasks ${filter.tasks.join(', ')}`]),
    ...(filter.arms === null ? [] : [`arms ${filter.arms.join(', ')}`]),
  ].join(' and ');
  return `Limited to ${limits}; it left out ${filter.leftOut} scheduled trial(s) of the plan, ${filter.leftOutMissing} of them with no receipt (shown as missing). The plan is the preregistered one; run it whole to complete it.`;
}
