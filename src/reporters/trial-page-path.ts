/** The folder beside the scorecard that holds one page per scheduled trial. */
export const TRIAL_PAGES_DIR = 'trials';

/** A trial page's path relative to the scorecard: `trials/<task>/<arm>/<repeat>.html` (ids never hold "/"). */
export function trialPageHref(taskId: string, arm: string, repeat: number): string {
  return `${TRIAL_PAGES_DIR}/${taskId}/${arm}/${repeat}.html`;
}

/** The folder beside the scorecard that holds one page per task where a treatment and the baseline disagree. */
export const FLIP_PAGES_DIR = 'flips';

/** A flip page's path relative to the scorecard: `flips/<arm>/<task>.html`. */
export function flipPageHref(arm: string, taskId: string): string {
  return `${FLIP_PAGES_DIR}/${arm}/${taskId}.html`;
}
