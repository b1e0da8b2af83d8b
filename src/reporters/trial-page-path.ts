/** The folder beside the scorecard that holds one page per scheduled trial. */
export const TRIAL_PAGES_DIR = 'trials';

/** A trial page's path relative to the scorecard: `trials/<task>/<arm>/<repeat>.html` (ids never hold "/"). */
export function trialPageHref(taskId: string, arm: string, repeat: number): string {
  return `${TRIAL_PAGES_DIR}/${taskId}/${arm}/${repeat}.html`;
}
