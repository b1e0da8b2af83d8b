import { describe, expect, it } from 'vitest';
import { fixturePlan, fixtureReceipt } from '../../fixtures/score/build.js';
import { digestOf } from '../../src/contracts/canonical.js';
import type { ContextCall } from '../../src/contracts/receipt.js';
import { renderTrialPage } from '../../src/reporters/trial-page.js';
import { storyText, trialStory } from '../../src/reporters/trial-story.js';

const call = (tool: string): ContextCall => ({
  server: 'context',
  tool,
  argumentsDigest: `sha256:${'a'.repeat(64)}`,
  answerBytes: 12,
  outcome: 'answer',
  latencyMs: 5,
});

describe('a trial page numbers its context-tool calls once', () => {
  const plan = fixturePlan({ tasks: 1, repeats: 1 });
  const trial = plan.schedule.trials.find((t) => t.arm === 'treatment-a')!;
  const receipt = fixtureReceipt(plan, digestOf(plan), trial, {
    status: 'passed',
    contextCalls: [call('search_code'), call('read_symbol')],
  });

  it('the HTML list is an <ol> whose items carry no number of their own', () => {
    const html = renderTrialPage(trial, receipt, null, null);
    const list = html.match(/<section id="tool-calls">.*?<\/section>/s)![0];
    expect(list).toContain('<ol><li>context/search_code (arguments');
    expect(list).not.toMatch(/<li>\d+\. /);
  });

  it('the plain text numbers them, 1. and 2., once each', () => {
    const text = storyText(trialStory(receipt, null));
    expect(text).toContain('  1. context/search_code (arguments');
    expect(text).toContain('  2. context/read_symbol (arguments');
    expect(text).not.toMatch(/\d+\. \d+\. /);
  });
});
