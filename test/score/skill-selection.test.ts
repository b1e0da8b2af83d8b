import { describe, expect, it } from 'vitest';
import { fixturePlan, fixtureReceipts } from '../../fixtures/score/build.js';
import type { Plan } from '../../src/contracts/plan.js';
import { ScorecardSchema } from '../../src/contracts/scorecard.js';
import { renderHtml } from '../../src/reporters/html.js';
import { renderMarkdown } from '../../src/reporters/markdown.js';
import { buildScorecard } from '../../src/score/index.js';
import { wilsonInterval } from '../../src/score/wilson.js';

/** Task 1 benefits from "paging", task 2 from none, the rest are not preregistered. */
function plan(): Plan {
  const base = fixturePlan({ stage: 1, tasks: 4, repeats: 2 });
  const expected = ['paging', 'none'];
  return { ...base, tasks: base.tasks.map((t, i) => ({ ...t, expectedSkill: expected[i] ?? null })) };
}

describe('selection accuracy, a diagnostic beside the verdicts', () => {
  it('shares per arm of trials that used the preregistered skill and of trials that used an unneeded one, with Wilson intervals', () => {
    const p = plan();
    const [first, second] = p.tasks;
    const { planId, receipts } = fixtureReceipts(p, (trial) => {
      if (trial.arm === 'baseline') {
        // baseline: the right skill once, an unneeded one on the "none" task once, unknown once
        if (trial.taskId === first!.id)
          return { status: 'passed', diagnostics: { skillsUsed: trial.repeat === 1 ? ['paging'] : [] } };
        if (trial.taskId === second!.id)
          return { status: 'failed', diagnostics: { skillsUsed: trial.repeat === 1 ? ['debug'] : null } };
        return { status: 'passed', diagnostics: { skillsUsed: ['paging'] } };
      }
      // the treatment always loads both skills; one of its trials is invalid and never counts
      if (trial.taskId === second!.id && trial.repeat === 2) return { status: 'contaminated' };
      return { status: 'passed', diagnostics: { skillsUsed: ['debug', 'paging'] } };
    });
    const scorecard = ScorecardSchema.parse(buildScorecard({ plan: p, planId, receipts }));
    const [baseline, treatment] = scorecard.skillSelection;
    expect(baseline).toEqual({
      arm: 'baseline',
      known: 3,
      unknown: 1,
      expectedUsed: { count: 1, of: 2, share: 0.5, wilson: wilsonInterval(1, 2) },
      unneededUsed: { count: 1, of: 3, share: 1 / 3, wilson: wilsonInterval(1, 3) },
    });
    expect(treatment).toMatchObject({
      known: 3,
      unknown: 0,
      expectedUsed: { count: 2, of: 2, share: 1 },
      unneededUsed: { count: 3, of: 3, share: 1 },
    });
    const markdown = renderMarkdown(scorecard);
    expect(markdown).toContain('## Skill selection');
    expect(markdown).toContain('| baseline | 1/2 = 0.500 [0.095, 0.905] | 1/3 = 0.333 [0.061, 0.792] | 1 |');
    expect(renderHtml(scorecard)).toContain('<section id="skill-selection"><h2>Skill selection</h2>');
    // Diagnostics only: the verdicts are those of a scorecard whose receipts say nothing of skills.
    const plain = fixtureReceipts(p, (trial) => {
      const receipt = receipts.find((r) => r.trial.id === trial.id)!;
      return { status: receipt.status };
    });
    const without = buildScorecard({ plan: p, planId: plain.planId, receipts: plain.receipts });
    expect(without.comparisons).toEqual(scorecard.comparisons);
  });

  it('is left out when no task preregisters a skill', () => {
    const p = fixturePlan({ stage: 1, tasks: 4, repeats: 2 });
    const { planId, receipts } = fixtureReceipts(p, () => ({ status: 'passed' }));
    const scorecard = buildScorecard({ plan: p, planId, receipts });
    expect(scorecard.skillSelection).toEqual([]);
    expect(renderMarkdown(scorecard)).not.toContain('Skill selection');
  });
});
