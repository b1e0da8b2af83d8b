import { describe, expect, it } from 'vitest';
import { fixturePlan, fixtureReceipts, type TrialSpec } from '../../fixtures/score/build.js';
import type { ScheduledTrial } from '../../src/contracts/plan.js';
import { failedFeasibilityGates } from '../../src/plan/stages.js';
import { buildScorecard } from '../../src/score/index.js';

const stage1 = { stage: 1 as const, tasks: 4, repeats: 2 };

function feasibilityOf(decide: (trial: ScheduledTrial, index: number) => TrialSpec | null) {
  const plan = fixturePlan(stage1);
  let index = 0;
  const { planId, receipts } = fixtureReceipts(plan, (trial) => decide(trial, index++));
  return buildScorecard({ plan, planId, receipts });
}

describe('stage-1 feasibility gates, which stage 2 requires', () => {
  it('pass when every trial was set up, fresh, clean, removed and observed, whatever the outcomes', () => {
    const scorecard = feasibilityOf((_, i) => ({ status: i % 2 === 0 ? 'passed' : 'failed' }));
    expect(Object.values(scorecard.feasibility).every((gate) => gate.passed)).toBe(true);
    expect(failedFeasibilityGates(scorecard)).toEqual([]);
  });

  it.each([
    ['setup', { status: 'setup-failed' }],
    ['freshness', { status: 'stale-context' }],
    ['contamination', { status: 'contaminated' }],
    ['cleanup', { status: 'cleanup-failed' }],
    ['observability', { status: 'passed', diagnostics: { toolCalls: null, contextToolCalls: null } }],
  ] as const)('the %s gate fails on one such trial, and the stage-2 rule reads it', (gate, spec) => {
    const scorecard = feasibilityOf((_, i) => (i === 3 ? (spec as TrialSpec) : { status: 'passed' }));
    expect(scorecard.feasibility[gate]).toMatchObject({ passed: false });
    expect(scorecard.feasibility[gate].detail).toMatch(/^1 /);
    expect(failedFeasibilityGates(scorecard)).toEqual([gate]);
  });

  it('the observability gate holds for an agent whose built-in tools are unknown but whose context calls were proxied', () => {
    const observed = { status: 'passed', diagnostics: { toolCalls: null, tools: null, contextToolCalls: 2 } } as const;
    const scorecard = feasibilityOf(() => observed as TrialSpec);
    expect(scorecard.feasibility.observability).toMatchObject({ passed: true });
  });

  it('a trial with no receipt fails the setup gate: no receipt is no evidence that setup works', () => {
    const scorecard = feasibilityOf((_, i) => (i === 0 ? null : { status: 'passed' }));
    expect(scorecard.feasibility.setup).toMatchObject({ passed: false });
    expect(scorecard.feasibility.setup.detail).toContain('1 missing');
  });
});
