export type {
  AgentAdapter,
  AgentObservation,
  AgentRunContext,
  AgentRunResult,
  ExecOptions,
  ExecResult,
  McpServerSpec,
  ToolCall,
} from './agents/adapter.js';
export { type ClaudeResult, type ClaudeTranscript, parseClaudeTranscript } from './agents/claude-code/transcript.js';
export { type CodexEnd, type CodexEvents, parseCodexEvents, parseCodexRollout } from './agents/codex/transcript.js';
export { installAgent } from './agents/install.js';
export { adapterFor } from './agents/registry.js';
export { seededDraw } from './agents/synthetic.js';
export { type ParsedTranscript, parseTranscript } from './agents/transcript.js';
export * from './contracts/index.js';
export { materializeTree } from './corpus/materialize.js';
export { type CorpusFilter, type QualifyOptions, qualifyCorpus, qualifyTask } from './corpus/qualify.js';
export { BrowserSession, chromiumPath } from './grading/browser-session.js';
export { type GradeInput, type GradeResult, type GradeStatus, gradeWorkspace } from './grading/grade.js';
export { agentPrefix, readInstalledAgent } from './io/agent-install.js';
export { readTree, treeDigest } from './io/tree.js';
export { defineExperiment } from './plan/define.js';
export { type DerivedPlan, derivePlan } from './plan/derive.js';
export { checkDrift, type Drift } from './plan/drift.js';
export { type LoadedExperiment, loadExperiment } from './plan/load-experiment.js';
export { type PromptTask, renderPrompt } from './plan/prompt.js';
export { buildSchedule, type ScheduleBalance, scheduleBalance, trialId, williamsRows } from './plan/schedule.js';
export type { PlanSummary } from './plan/summary.js';
export { type CrossoverPluginOptions, crossover } from './plugin/plugin.js';
export { resolveCommand } from './probe/command.js';
export {
  buildTaskIndex,
  INDEX_MANIFEST,
  indexRevisionMatches,
  type TaskIndex,
  type TaskIndexOptions,
} from './probe/context-index.js';
export { egressPosture, isLoopbackHost } from './probe/egress.js';
export { decideEligibility, isPinnedVersion } from './probe/eligibility.js';
export { providerEnvironment } from './probe/environment.js';
export { PROBE_LIMITS, type ProbeLimits, type ProbeOptions, probeProvider } from './probe/probe.js';
export {
  type ReceiptProblem,
  type ReceiptVerification,
  receiptExists,
  receiptFile,
  verifyReceipts,
  writeReceipt,
} from './receipts/store.js';
export { default as CrossoverReporter } from './reporters/crossover-reporter.js';
export * from './score/index.js';
export { type AdHocTrialInput, adHocDefinition, runAdHocTrial } from './trial/ad-hoc.js';
export { executeTrial, type TrialSpec } from './trial/execute.js';
export { type RunTrialInput, runTrial } from './trial/run-trial.js';
