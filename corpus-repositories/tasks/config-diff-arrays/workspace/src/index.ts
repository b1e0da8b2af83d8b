export { type Change, diffConfigs } from './diff.js';
export { formatDiff } from './format.js';
export { escapeKey, flatten, type Json } from './paths.js';
