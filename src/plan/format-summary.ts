import type { PlanSummary } from './summary.js';

function formatBalance(summary: PlanSummary): string {
  const b = summary.balance;
  const shape = `Williams design, ${b.arms} arms, ${b.rows} rows over ${b.blocks} blocks (task × repeat)`;
  if (b.partialBlocks === 0)
    return `${shape}: ${b.completeCycles} complete cycles, balanced (position spread 0, carryover spread ${b.carryoverSpread})`;
  return `${shape}: ${b.completeCycles} complete cycles + ${b.partialBlocks} blocks of a partial one (position spread ${b.positionSpread}, carryover spread ${b.carryoverSpread})`;
}

function formatCost(summary: PlanSummary): string {
  const c = summary.cost;
  if (c.pricedTrials === 0) return 'none: no trial runs a paid agent';
  if (c.boundUsd === null)
    return `UNKNOWN for ${c.pricedTrials} paid-agent trials (declare pricing and worstCaseTokens to bound it)`;
  return `at most $${c.boundUsd.toFixed(2)} for ${c.pricedTrials} paid-agent trials (declared price × worst-case tokens × attempts)`;
}

/** The sandbox line: `none` is said loudly, since nothing then confines the agent. */
export function formatSandbox(sandbox: { kind: 'bubblewrap' | 'container' | 'none'; version: string | null }): string {
  if (sandbox.kind === 'none') return 'NONE (agents run unconfined; stage 2 refuses this)';
  if (sandbox.kind === 'container') return `container (${sandbox.version ?? 'no engine'})`;
  return `bubblewrap ${sandbox.version ?? '(not installed)'}`;
}

/** The plan summary as `crossover plan` prints it. */
export function formatSummary(summary: PlanSummary): string {
  const lines = [
    `plan ${summary.id}`,
    `experiment ${summary.experiment.id} (${summary.experiment.file}), stage ${summary.experiment.stage}${summary.synthetic ? ', synthetic' : ''}`,
    `sandbox: ${formatSandbox(summary.sandbox)}`,
    `tasks ${summary.tasks} × repeats ${summary.repeats}; trials: ${summary.totalTrials} in total`,
    ...summary.arms.map(
      (arm) => `  ${arm.id} (${arm.role}${arm.provider ? `, provider ${arm.provider}` : ''}): ${arm.trials} trials`,
    ),
    `schedule: ${formatBalance(summary)}`,
    `budget: ${summary.budget.maxTrials} trials, deadline ${summary.budget.deadlineSec} s, per-trial timeout ${summary.budget.trialTimeoutSec} s`,
    `cost: ${formatCost(summary)}`,
    `credentials: ${summary.credentials.length === 0 ? 'none' : summary.credentials.map((c) => `${c.name} (${c.available ? 'available' : 'MISSING'})`).join(', ')}`,
    summary.approval.required
      ? `approval: required (${summary.approval.reasons.join('; ')}); ${summary.approval.approved ? `approved by ${summary.approval.file}` : `none at ${summary.approval.file}`}`
      : 'approval: not required',
    ...summary.notes.map((note) => `note: ${note}`),
    summary.runnable ? 'RUNNABLE' : `BLOCKED:\n${summary.blocked.map((reason) => `  - ${reason}`).join('\n')}`,
  ];
  return `${lines.join('\n')}\n`;
}
