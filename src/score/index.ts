export { wilsonInterval } from './wilson.js';
export { exactSignTest } from './sign-test.js';
export { holmAdjust } from './holm.js';
export { hoeffdingInterval } from './hoeffding.js';
export { buildScorecard, type ScoreInput } from './scorecard.js';
