import { describe, expect, it } from 'vitest';
import { fixturePlan, fixtureReceipts, type TrialSpec } from '../../fixtures/score/build.js';
import { prettyJson, sha256Hex } from '../../src/contracts/canonical.js';
import type { ScheduledTrial } from '../../src/contracts/plan.js';
import type { ContextCall } from '../../src/contracts/receipt.js';
import { type Scorecard, ScorecardSchema } from '../../src/contracts/scorecard.js';
import { renderHtml } from '../../src/reporters/html.js';
import { renderMarkdown } from '../../src/reporters/markdown.js';
import { buildScorecard } from '../../src/score/index.js';

const call = (outcome: ContextCall['outcome'], answerBytes: number, latencyMs: number | null): ContextCall => ({
  server: 'context',
  tool: 'search_code',
  argumentsDigest: `sha256:${sha256Hex(`${outcome}/${answerBytes}/${latencyMs}`)}`,
  answerBytes,
  outcome,
  latencyMs,
});

/** Stage 1, 2 tasks × 2 repeats: the treatment's four trials record these calls, in schedule order. */
const TREATMENT_CALLS: ContextCall[][] = [
  [call('answer', 1000, 10), call('empty', 0, 3)],
  [call('error', 0, 7), call('answer', 250, 20)],
  [call('unanswered', 0, null)],
  [call('answer', 4, 8), call('answer', 6, 1)],
];

function scoreWith(decide: (trial: ScheduledTrial, index: number) => TrialSpec): Scorecard {
  const plan = fixturePlan({ stage: 1, tasks: 2, repeats: 2, treatments: 1, aa: false });
  let treatmentTrial = 0;
  const { planId, receipts } = fixtureReceipts(plan, (trial) =>
    decide(trial, trial.arm === 'treatment-a' ? treatmentTrial++ : -1),
  );
  return ScorecardSchema.parse(buildScorecard({ plan, planId, receipts }));
}

const recorded = (trial: ScheduledTrial, index: number): TrialSpec => ({
  status: trial.repeat === 1 ? 'passed' : 'failed',
  contextCalls: index >= 0 ? TREATMENT_CALLS[index]! : [],
});
const armOf = (scorecard: Scorecard, id: string) => scorecard.arms.find((a) => a.id === id)!;

describe("per-arm context-call diagnostics come from the proxy's per-call records", () => {
  it('counts calls, empty answers, errors and unanswered calls, sums answer bytes and takes the exact median latency', () => {
    const scorecard = scoreWith(recorded);
    // Latencies of answered calls: 10, 3, 7, 20, 8, 1 → sorted 1 3 7 8 10 20 → (7 + 8) / 2 = 7.5.
    expect(armOf(scorecard, 'treatment-a').contextCalls).toEqual({
      receipts: 4,
      calls: 7,
      empty: 1,
      errors: 1,
      unanswered: 1,
      answerBytes: 1260,
      medianLatencyMs: 7.5,
      omitted: 0,
    });
    // The baseline's receipts hold a proxy record with no call: known zero, not unknown.
    expect(armOf(scorecard, 'baseline').contextCalls).toEqual({
      receipts: 4,
      calls: 0,
      empty: 0,
      errors: 0,
      unanswered: 0,
      answerBytes: 0,
      medianLatencyMs: null,
      omitted: 0,
    });
  });

  it('an odd count takes the middle value, and calls past the receipt bound are shown as omitted', () => {
    const scorecard = scoreWith((_trial, index) => ({
      status: 'passed',
      contextCalls: index === 0 ? [call('answer', 1, 9), call('answer', 1, 2), call('answer', 1, 4)] : [],
      contextCallsOmitted: index === 0 ? 12 : undefined,
    }));
    expect(armOf(scorecard, 'treatment-a').contextCalls).toMatchObject({ calls: 3, medianLatencyMs: 4, omitted: 12 });
  });

  it('an arm whose receipts hold no proxy records is unknown (null), never 0, in every format', () => {
    const scorecard = scoreWith((_trial) => ({ status: 'passed' }));
    expect(armOf(scorecard, 'treatment-a').contextCalls).toBeNull();
    const markdown = renderMarkdown(scorecard);
    const section = markdown.slice(markdown.indexOf('### Context-tool calls'));
    expect(section).toMatch(/\| Context-tool calls \| unknown \| unknown \|/);
    expect(renderHtml(scorecard)).toContain(
      '<tr><th scope="row">Context-tool calls</th><td class="n">unknown</td><td class="n">unknown</td></tr>',
    );
  });

  it('is shown in the JSON, Markdown and HTML scorecards, byte-stable', () => {
    const scorecard = scoreWith(recorded);
    expect(JSON.parse(prettyJson(scorecard)).arms[1].contextCalls.answerBytes).toBe(1260);
    const markdown = renderMarkdown(scorecard);
    expect(markdown).toContain('| Answer bytes (total) | 0 | 1260 |');
    expect(markdown).toContain('| Median latency (ms) | none answered | 7.5 |');
    expect(markdown).toContain('| Empty answers | 0 | 1 |');
    const html = renderHtml(scorecard);
    expect(html).toContain(
      '<tr><th scope="row">Errors</th><td class="n">0</td><td class="n">1</td></tr><tr><th scope="row">Unanswered</th>',
    );
    expect(html).toContain(
      '<th scope="row">Median latency (ms)</th><td class="n">none answered</td><td class="n">7.5</td>',
    );
    const again = scoreWith(recorded);
    expect(prettyJson(again)).toBe(prettyJson(scorecard));
    expect(renderMarkdown(again)).toBe(markdown);
    expect(renderHtml(again)).toBe(html);
  });

  it('never decides: apart from these figures, the scorecard is the same with or without the records', () => {
    const withRecords = scoreWith(recorded);
    const without = scoreWith((trial, index) => ({ ...recorded(trial, index), contextCalls: undefined }));
    const rest = (s: Scorecard) => ({ ...s, arms: s.arms.map(({ contextCalls: _, ...arm }) => arm) });
    expect(rest(withRecords)).toEqual(rest(without));
    expect(armOf(withRecords, 'treatment-a').contextCalls).not.toBeNull();
    expect(armOf(without, 'treatment-a').contextCalls).toBeNull();
  });
});
