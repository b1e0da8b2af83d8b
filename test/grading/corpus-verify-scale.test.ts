import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { CorpusVerificationSchema } from '../../src/contracts/qualification.js';
import { generatedCorpus } from '../helpers/generated-corpus.js';
import { tempDir } from '../helpers/temp.js';

/** bench/corpus-verify.ts runs the same with 200 tasks and prints its wall time; a dozen shows the behaviour here. */
const TASKS = 12;

async function run(argv: string[], cwd: string) {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (text) => (out += text), err: (text) => (err += text), cwd });
  return { code, out, err };
}

describe('corpus verify at scale', () => {
  it('verifies generated repository tasks with bounded concurrency, one cached setup, and a record it resumes from', async () => {
    const root = await tempDir();
    await generatedCorpus(join(root, 'generated'), TASKS);
    const half = Array.from({ length: TASKS / 2 }, (_, index) => ['--task', `gen-${String(index).padStart(4, '0')}`]);
    // A verification stopped part-way: its record holds the tasks that ended.
    const first = await run(['corpus', 'verify', '--corpus', 'generated', '--concurrency', '3', ...half.flat()], root);
    expect(first.code, first.err).toBe(0);
    const resumed = await run(
      ['corpus', 'verify', '--corpus', 'generated', '--concurrency', '3', '--resume', '--json'],
      root,
    );
    expect(resumed.code, resumed.err).toBe(0);
    expect(resumed.err).toContain(
      `resumed: ${TASKS / 2} tasks already verified at their digest were not run again (${TASKS / 2} qualified)`,
    );
    expect(CorpusVerificationSchema.parse(JSON.parse(resumed.out)).tasks).toHaveLength(TASKS / 2);
    const progress = resumed.err.split('\n').filter((line) => line.startsWith('['));
    expect(progress).toHaveLength(TASKS / 2);
    expect(progress.at(-1)).toMatch(new RegExp(`^\\[${TASKS / 2}/${TASKS / 2}\\] gen-\\d{4} qualified \\d+\\.\\d s$`));

    const record = CorpusVerificationSchema.parse(
      JSON.parse(await readFile(join(root, '.crossover/corpus-verification/generated.json'), 'utf8')),
    );
    expect(record).toMatchObject({ total: TASKS, qualified: TASKS });
    // Every task's setup reads only deps.json, the same in all: one setup for the corpus.
    const setups = (await readdir(join(root, '.crossover/cache/setup'))).filter((name) => !name.startsWith('.'));
    expect(setups.filter((name) => !name.endsWith('.lock'))).toHaveLength(1);
  }, 300_000);
});
