export { hoeffdingInterval } from './hoeffding.js';
export { holmAdjust } from './holm.js';
export { buildScorecard, type ScoreInput } from './scorecard.js';
export { exactSignTest } from './sign-test.js';
export { wilsonInterval } from './wilson.js';
