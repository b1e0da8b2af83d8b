export { dayKey, weekKey } from './buckets.js';
export { parseBackupName } from './names.js';
export { planRetention } from './plan.js';
export { policyFromOptions } from './policy.js';
