import { describe, expect, it } from 'vitest';
import { showcaseRun } from '../../fixtures/score/showcase.js';
import { renderMarkdown } from '../../src/reporters/markdown.js';
import { buildScorecard } from '../../src/score/index.js';

describe('the Markdown scorecard says what the JSON says', () => {
  const run = showcaseRun();
  const scorecard = buildScorecard(run);
  const markdown = renderMarkdown(scorecard);

  it('has a verdict row per treatment with Δ, raw and Holm-adjusted p, and every reason', () => {
    for (const c of scorecard.comparisons) {
      const row = markdown.split('\n').find((line) => line.startsWith(`| ${c.arm} | **${c.verdict}** |`));
      expect(row, c.arm).toBeDefined();
      for (const reason of c.reasons) expect(markdown).toContain(`  - ${reason}`);
    }
    const winner = scorecard.comparisons.find((c) => c.verdict === 'better')!;
    expect(markdown).toMatch(
      new RegExp(
        `\\| ${winner.arm} \\| \\*\\*better\\*\\* \\| \\+0\\.\\d{3} \\[\\+0\\.\\d{3}, \\+[01]\\.\\d{3}\\] \\|`,
      ),
    );
  });

  it('shows unknown diagnostics as unknown, never as 0, and lists every evidence gap', () => {
    expect(markdown).toMatch(/\| Cost \(USD\) \| unknown \(n=0\) \|/);
    expect(markdown).toMatch(/\| Relevant-file recall \| unknown \(n=0\) \|/);
    for (const gap of scorecard.gaps) expect(markdown).toContain(gap.detail);
  });

  it('has one outcome row per task, marking missing and invalid trials', () => {
    const rows = markdown.split('\n').filter((line) => /^\| task-\d{4} \|/.test(line));
    expect(rows).toHaveLength(scorecard.matrix.length);
    expect(markdown).toContain('1 invalid');
    expect(markdown).toContain('1 missing');
  });
});
