export * from './contracts/index.js';
export { readTree, treeDigest } from './corpus/tree.js';
export { defineExperiment } from './plan/define.js';
export { loadExperiment, type LoadedExperiment } from './plan/load-experiment.js';
export { derivePlan, type DerivedPlan } from './plan/derive.js';
export { checkDrift, type Drift } from './plan/drift.js';
export { renderPrompt, type PromptTask } from './plan/prompt.js';
export { buildSchedule, scheduleBalance, trialId, williamsRows, type ScheduleBalance } from './plan/schedule.js';
export type { PlanSummary } from './plan/summary.js';
