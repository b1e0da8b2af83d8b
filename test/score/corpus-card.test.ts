import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { showcaseRun } from '../../fixtures/score/showcase.js';
import type { CorpusFacts } from '../../src/contracts/corpus-card.js';
import type { Qualification } from '../../src/contracts/qualification.js';
import { ScorecardSchema } from '../../src/contracts/scorecard.js';
import { readCorpusFacts } from '../../src/corpus/corpus-facts.js';
import { renderHtml } from '../../src/reporters/html.js';
import { renderMarkdown } from '../../src/reporters/markdown.js';
import { corpusCard } from '../../src/score/corpus-card.js';
import { buildScorecard } from '../../src/score/index.js';
import { tempDir } from '../helpers/temp.js';

const REPO = join(import.meta.dirname, '../..');

const FACTS: CorpusFacts = {
  tasks: [
    { id: 'a', repository: 'acme/slugify', files: 10, lines: 300, languages: [{ language: 'JavaScript', files: 8 }] },
    {
      id: 'b',
      repository: 'acme/slugify',
      files: 30,
      lines: 900,
      languages: [
        { language: 'JavaScript', files: 20 },
        { language: 'Shell', files: 1 },
      ],
    },
    { id: 'c', repository: 'acme/ledger', files: 4, lines: 80, languages: [{ language: 'Python', files: 3 }] },
    { id: 'd', repository: null, files: null, lines: null, languages: null },
  ],
  excludedAtImport: [
    {
      source: 'acme__slugify-13',
      reason: 'the patch does not apply to base_commit 8d2b5e4d468af75717d031e4905e68e1a509d812: error: patch failed',
    },
    {
      source: 'acme__slugify-14',
      reason: 'the patch does not apply to base_commit 1111111111111111111111111111111111111111: error: patch failed',
    },
    { source: 'acme__missing-1', reason: 'repository acme/missing: no clone of it in mirrors' },
  ],
  excludedAtVerification: [{ id: 'e', reason: "required check 'trims' passes on the starting tree" }],
};

describe('the corpus card', () => {
  it('counts tasks, repositories, languages and sizes, and groups exclusions by reason', () => {
    expect(corpusCard(FACTS)).toEqual({
      tasks: 4,
      repositories: [
        { name: 'acme/slugify', tasks: 2 },
        { name: 'acme/ledger', tasks: 1 },
      ],
      withoutRepository: 1,
      languages: [
        { language: 'JavaScript', tasks: 2, files: 28 },
        { language: 'Python', tasks: 1, files: 3 },
        { language: 'Shell', tasks: 1, files: 1 },
      ],
      sized: 3,
      files: { total: 44, min: 4, median: 10, max: 30 },
      lines: { total: 1280, min: 80, median: 300, max: 900 },
      excludedAtImport: {
        count: 3,
        reasons: [
          {
            reason: 'the patch does not apply to base_commit <commit>',
            count: 2,
            examples: ['acme__slugify-13', 'acme__slugify-14'],
          },
          { reason: 'repository acme/missing', count: 1, examples: ['acme__missing-1'] },
        ],
      },
      excludedAtVerification: {
        count: 1,
        reasons: [{ reason: "required check '…' passes on the starting tree", count: 1, examples: ['e'] }],
      },
    });
  });

  it("reads a plan's corpus records into the scorecard, which all three formats show", async () => {
    const root = await tempDir();
    const run = showcaseRun();
    const [first, second] = run.plan.tasks;
    await mkdir(join(root, 'corpus/tasks', first!.id), { recursive: true });
    await writeFile(join(root, 'corpus/corpus.json'), '{}');
    const taskJson = join(root, 'corpus/tasks', first!.id, 'task.json');
    const fixture = JSON.parse(await readFile(join(REPO, 'fixtures/tasks/valid-node/task.json'), 'utf8'));
    await writeFile(
      taskJson,
      JSON.stringify({ ...fixture, source: { kind: 'swe-bench', repository: 'acme/slugify' } }),
    );
    await writeFile(
      join(root, 'corpus/import-record.json'),
      JSON.stringify({
        schema: 'crossover.corpus-import/1',
        imported: [],
        excluded: [
          { source: 'acme__missing-1', kind: 'swe-bench', reason: 'repository acme/missing: no clone of it' },
          {
            source: 'acme__slugify-13',
            kind: 'swe-bench',
            reason: 'the patch does not apply to base_commit 8d2b5e4d: error',
          },
        ],
      }),
    );
    const entry = (id: string, digest: string, qualified: boolean): Qualification => ({
      id,
      category: 'c1',
      surface: 'api',
      digest,
      qualified,
      rules: 'imported',
      reasons: qualified ? [] : ['the setup failed, so no tree could be graded: exit 1'],
      notes: [],
      trees: [],
      runs: 1,
      nearTimeLimit: [],
      referenceChange: { files: 1, lines: 2 },
      tree: { files: 12, lines: 340 },
      languages: [{ language: 'TypeScript', files: 9 }],
    });
    await mkdir(join(root, '.crossover/corpus-verification'), { recursive: true });
    await writeFile(
      join(root, '.crossover/corpus-verification', `${run.plan.corpus.id}.json`),
      JSON.stringify({
        schema: 'crossover.corpus-verification/1',
        corpus: { id: run.plan.corpus.id, version: '1', digest: run.plan.corpus.digest },
        total: 3,
        qualified: 2,
        // The second task was verified at another digest: its size is not the plan's task's.
        tasks: [
          entry(first!.id, first!.digest, true),
          entry(second!.id, `sha256:${'0'.repeat(64)}`, true),
          entry('zz-left-out', first!.digest, false),
        ],
        refused: [],
      }),
    );
    const facts = await readCorpusFacts(root, run.plan);
    expect(facts!.tasks.slice(0, 2)).toEqual([
      {
        id: first!.id,
        repository: 'acme/slugify',
        files: 12,
        lines: 340,
        languages: [{ language: 'TypeScript', files: 9 }],
      },
      { id: second!.id, repository: null, files: null, lines: null, languages: null },
    ]);
    const scorecard = ScorecardSchema.parse(buildScorecard({ ...run, corpus: facts }));
    expect(scorecard.corpusCard).toMatchObject({
      tasks: run.plan.tasks.length,
      repositories: [{ name: 'acme/slugify', tasks: 1 }],
      sized: 1,
      excludedAtImport: { count: 2 },
      excludedAtVerification: {
        count: 1,
        reasons: [{ reason: 'the setup failed, so no tree could be graded', count: 1, examples: ['zz-left-out'] }],
      },
    });
    const markdown = renderMarkdown(scorecard);
    expect(markdown).toContain('## Corpus');
    expect(markdown).toContain('- Excluded at import: 2');
    expect(markdown).toContain('- 1 × repository acme/missing (acme__missing-1)');
    const html = renderHtml(scorecard);
    expect(html).toContain('<section id="corpus"><h2>Corpus</h2>');
    expect(html).toContain('1 × the patch does not apply to base_commit &lt;commit&gt; (acme__slugify-13)');
    // Without the records there is no card, and the scorecard is what it was.
    expect(buildScorecard(run)).not.toHaveProperty('corpusCard');
    // A task.json edited since into something that is no task: refused naming the file and the field.
    await writeFile(taskJson, JSON.stringify({ ...fixture, source: { kind: 'swe-bench', repository: 7 } }));
    await expect(readCorpusFacts(root, run.plan)).rejects.toThrow(
      `${taskJson}: invalid\n  $.source.repository: Invalid input: expected string, received number`,
    );
  });
});
