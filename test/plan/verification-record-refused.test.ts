import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CorpusVerification } from '../../src/contracts/qualification.js';
import { derivePlan } from '../../src/plan/derive.js';
import { tempDir } from '../helpers/temp.js';
import { SLICE_NEVER_VERIFIED, SMALL_CORPUS, syntheticExperiment, writeCorpus, writeExperiment } from './helpers.js';

const env = { PATH: process.env.PATH };
const RECORD = '.crossover/corpus-verification/test-corpus.json';

/** A stage-1 project on the coverage-rule slice of the small corpus, never verified. */
async function stage1Project(stage: 0 | 1 = 1): Promise<{ root: string; file: string }> {
  const root = await tempDir();
  await writeCorpus(root, SMALL_CORPUS);
  const file = await writeExperiment(root, 'exp', syntheticExperiment({ stage }));
  return { root, file };
}

/**
 * A hand-written record claiming every task of the slice qualified at whatever digest: the forgery a
 * gate must not take on trust. Only its shape is right.
 */
function forgedRecord(overrides: Partial<CorpusVerification> = {}): CorpusVerification {
  const entry = (id: string, surface: 'api' | 'browser') => ({
    id,
    category: 'c1',
    surface,
    digest: `sha256:${'a'.repeat(64)}`,
    qualified: true,
    rules: 'bundled' as const,
    reasons: [],
    notes: [],
    trees: [],
    runs: 1,
    nearTimeLimit: [],
    referenceChange: { files: 1, lines: 2 },
    tree: { files: 1, lines: 1 },
    languages: [],
  });
  return {
    schema: 'crossover.corpus-verification/1',
    corpus: { id: 'test-corpus', version: '1.0.0', digest: `sha256:${'b'.repeat(64)}`, path: 'corpus' },
    total: 2,
    qualified: 2,
    tasks: [entry('api-a', 'api'), entry('web-b', 'browser')],
    refused: [],
    ...overrides,
  };
}

async function writeRecord(root: string, record: unknown): Promise<void> {
  await mkdir(join(root, '.crossover/corpus-verification'), { recursive: true });
  await writeFile(join(root, RECORD), JSON.stringify(record));
}

describe('the verification gate trusts no record it cannot parse', () => {
  it('plans stage 0 without any verification record: it runs synthetic agents only', async () => {
    const { root, file } = await stage1Project(0);
    const derived = await derivePlan({ experimentFile: file, root, env });
    expect(derived.blocked).toEqual([]);
  });

  it('blocks a never-verified stage-1 slice naming every task and the command that verifies them', async () => {
    const { root, file } = await stage1Project();
    const derived = await derivePlan({ experimentFile: file, root, env });
    expect(derived.runnable).toBe(false);
    expect(derived.blocked).toEqual([SLICE_NEVER_VERIFIED]);
  });

  it('treats a record entry at another digest as not verified, whatever it claims', async () => {
    const { root, file } = await stage1Project();
    await writeRecord(root, forgedRecord());
    const derived = await derivePlan({ experimentFile: file, root, env });
    expect(derived.blocked).toEqual([
      'tasks never verified: api-c, web-c: run crossover corpus verify --task api-c --task web-c (stage 1, stage 2 and exploratory runs use only qualified tasks)',
      'tasks changed since they were verified (the record holds another digest): api-a, web-b: run crossover corpus verify --task api-a --task web-b',
    ]);
  });

  it('refuses a record of another schema version, naming the field', async () => {
    const { root, file } = await stage1Project();
    await writeRecord(root, { ...forgedRecord(), schema: 'crossover.corpus-verification/9' });
    await expect(derivePlan({ experimentFile: file, root, env })).rejects.toThrow(
      /test-corpus\.json: invalid\s+\$\.schema: .*crossover\.corpus-verification\/1.*\(a verification record; re-run crossover corpus verify\)/,
    );
  });

  it("refuses another corpus's record placed under this corpus's name", async () => {
    const { root, file } = await stage1Project();
    await writeRecord(
      root,
      forgedRecord({ corpus: { id: 'other', version: '1', digest: `sha256:${'c'.repeat(64)}` } }),
    );
    await expect(derivePlan({ experimentFile: file, root, env })).rejects.toThrow(
      `${RECORD}: $.corpus.id: expected "test-corpus", got "other"`,
    );
  });

  it('never reads a record of the same corpus id verified in another directory, and says to verify this one', async () => {
    const { root, file } = await stage1Project();
    const record = forgedRecord();
    await writeRecord(root, { ...record, corpus: { ...record.corpus, path: 'corpus-copy' } });
    const derived = await derivePlan({ experimentFile: file, root, env });
    expect(derived.blocked).toEqual([
      `the verification record ${RECORD} was made for the corpus in corpus-copy, not corpus, so it is not read: run crossover corpus verify --task api-a --task api-c --task web-b --task web-c`,
    ]);
    const { path: _path, ...unbound } = record.corpus;
    await writeRecord(root, { ...record, corpus: unbound });
    expect((await derivePlan({ experimentFile: file, root, env })).blocked).toEqual([
      `the verification record ${RECORD} names no corpus directory, not corpus, so it is not read: run crossover corpus verify --task api-a --task api-c --task web-b --task web-c`,
    ]);
  });

  it('refuses a record that calls a task qualified while listing why it is not', async () => {
    const { root, file } = await stage1Project();
    const record = forgedRecord();
    record.tasks[1] = { ...record.tasks[1]!, reasons: ["required check 'fixed' passes on the starting tree"] };
    await writeRecord(root, record);
    await expect(derivePlan({ experimentFile: file, root, env })).rejects.toThrow(
      `${RECORD}: $.tasks[1].qualified: expected true exactly when it lists no reasons`,
    );
  });
});
