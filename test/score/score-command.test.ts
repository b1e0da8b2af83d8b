import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type FixtureOptions, fixturePlan, fixtureReceipts } from '../../fixtures/score/build.js';
import { main } from '../../src/cli/main.js';
import { digestOf, prettyJson } from '../../src/contracts/canonical.js';
import { ScorecardSchema } from '../../src/contracts/scorecard.js';
import { tempDir } from '../helpers/temp.js';

async function project(options: FixtureOptions = { tasks: 4, repeats: 2, treatments: 2 }) {
  const root = await tempDir();
  const plan = fixturePlan(options);
  const { receipts } = fixtureReceipts(plan, (trial) => ({
    status: trial.arm === 'treatment-a' ? 'passed' : 'failed',
  }));
  await writeFile(join(root, 'plan.json'), prettyJson(plan));
  await mkdir(join(root, 'receipts'));
  for (const receipt of receipts)
    await writeFile(join(root, 'receipts', `${receipt.trial.id}.json`), prettyJson(receipt));
  return { root, plan, receipts };
}

async function crossover(argv: string[], cwd: string) {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (text) => (out += text), err: (text) => (err += text), cwd });
  return { code, out, err };
}

describe('crossover score', () => {
  it('writes scorecard.json, .md and .html, prints their relative paths and one line per treatment', async () => {
    const { root, plan } = await project();
    const result = await crossover(['score', '--plan', 'plan.json', '--receipts', 'receipts', '--out', 'out'], root);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    const lines = result.out.trimEnd().split('\n');
    expect(lines.slice(0, 3)).toEqual(['out/scorecard.json', 'out/scorecard.md', 'out/scorecard.html']);
    expect(lines[3]).toMatch(
      /^treatment-a vs baseline: incomplete|^treatment-a vs baseline: descriptive|^treatment-a vs baseline: unqualified/,
    );
    expect(lines[3]).toContain('Δ = +1.000');
    expect(lines[4]).toMatch(/^treatment-b vs baseline: /);
    const scorecard = ScorecardSchema.parse(JSON.parse(await readFile(join(root, 'out/scorecard.json'), 'utf8')));
    expect(scorecard.planId).toBe(digestOf(plan));
    expect(await readFile(join(root, 'out/scorecard.md'), 'utf8')).toContain('## Verdicts');
    expect(await readFile(join(root, 'out/scorecard.html'), 'utf8')).toContain('<svg class="forest"');
  });

  it('refuses a receipt of another plan with the conflict exit code, naming the file', async () => {
    const { root } = await project();
    const other = fixturePlan({ id: 'another-experiment', tasks: 1, repeats: 1 });
    const stray = fixtureReceipts(other, () => ({ status: 'passed' })).receipts[0]!;
    await writeFile(join(root, 'receipts', `${stray.trial.id}.json`), prettyJson(stray));
    const result = await crossover(['score', '--plan', 'plan.json', '--receipts', 'receipts', '--out', 'out'], root);
    expect(result.code).toBe(3);
    expect(result.err).toContain(`receipts/${stray.trial.id}.json: $.planId`);
  });

  it('says there is nothing to score for an empty receipts directory and exits 2, writing no scorecard', async () => {
    const { root, plan } = await project();
    await mkdir(join(root, 'empty'));
    const result = await crossover(['score', '--plan', 'plan.json', '--receipts', 'empty', '--out', 'out'], root);
    expect(result.code).toBe(2);
    expect(result.err).toContain(`empty: holds no receipts of plan ${digestOf(plan)}; nothing to score`);
    expect(result.out).toBe('');
    await expect(readFile(join(root, 'out/scorecard.json'))).rejects.toThrow(/ENOENT/);
  });

  it('asks for the option it is missing', async () => {
    const { root } = await project();
    const result = await crossover(['score', '--plan', 'plan.json', '--out', 'out'], root);
    expect(result.code).toBe(2);
    expect(result.err).toContain('expected --receipts <path>');
  });
});
