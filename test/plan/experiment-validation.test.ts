import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadExperiment } from '../../src/plan/load-experiment.js';
import { renderPrompt } from '../../src/plan/prompt.js';
import { tempDir } from '../helpers/temp.js';
import { crossover, SMALL_CORPUS, syntheticExperiment, writeCorpus, writeExperiment } from './helpers.js';

async function planOf(experiment: unknown): Promise<{ code: number; err: string }> {
  const root = await tempDir();
  await writeCorpus(root, SMALL_CORPUS);
  await writeExperiment(root, 'exp', experiment as never);
  return crossover(root, ['plan', 'experiments/exp.ts']);
}

describe('an invalid experiment is refused with the file and the JSON path named', () => {
  it('loads a TypeScript experiment on Node 20 whose defineExperiment comes from "crossover"', async () => {
    const root = await tempDir();
    const file = await writeExperiment(root, 'exp', syntheticExperiment({ title: 'typed' }));
    const loaded = await loadExperiment(file);
    expect(loaded.experiment.title).toBe('typed');
    expect(loaded.experiment.policy.alpha).toBe(0.05);
    expect(loaded.dir).toBe(join(root, 'experiments'));
  });

  it('names the field of a wrong value and of an unknown key', async () => {
    const wrongRole = await planOf({
      ...syntheticExperiment(),
      arms: [
        { id: 'baseline', role: 'baseline' },
        { id: 't', role: 'treatmnt' },
      ],
    });
    expect(wrongRole.code).toBe(2);
    expect(wrongRole.err).toContain('experiments/exp.ts: invalid');
    expect(wrongRole.err).toContain('$.arms[1].role');
    const unknownKey = await planOf({ ...syntheticExperiment(), repeat: 2 });
    expect(unknownKey.err).toContain('$.repeat: unknown field');
  });

  it('refuses an agent adapter nobody registered, naming the adapters there are', async () => {
    const refused = await planOf(
      syntheticExperiment({
        arms: [
          { id: 'baseline', role: 'baseline' },
          { id: 't', role: 'treatment', agent: { adapter: 'cursor', model: 'x' } },
        ],
      } as never),
    );
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('experiments/exp.ts: invalid');
    expect(refused.err).toContain(
      '$.arms[1].agent.adapter: no agent adapter is named "cursor" (the adapters: synthetic, command, claude-code, codex)',
    );
  });

  it('refuses a file without a default export', async () => {
    const root = await tempDir();
    await writeFile(join(root, 'bad.ts'), 'export const experiment = 1;\n');
    await expect(loadExperiment(join(root, 'bad.ts'))).rejects.toThrow('expected a default export');
  });

  it('refuses arms that cannot form a fair comparison', async () => {
    const noBaseline = await planOf(syntheticExperiment({ arms: [{ id: 'a', role: 'treatment' }] }));
    expect(noBaseline.err).toContain('$.arms: expected exactly one arm with role "baseline", found 0');
    const unknownProvider = await planOf(
      syntheticExperiment({
        arms: [
          { id: 'baseline', role: 'baseline' },
          { id: 't', role: 'treatment', provider: 'nope' },
        ],
      }),
    );
    expect(unknownProvider.err).toContain('$.arms[1].provider: expected the id of a declared provider, got "nope"');
    const unequalControl = await planOf(
      syntheticExperiment({
        arms: [
          { id: 'baseline', role: 'baseline' },
          { id: 't', role: 'treatment' },
          { id: 'aa', role: 'aa-control', allowedTools: ['extra'] },
        ],
      }),
    );
    expect(unequalControl.err).toContain('$.arms[2]: the aa-control arm must repeat the baseline "baseline" exactly');
    const unknownTask = await planOf(syntheticExperiment({ tasks: ['api-a', 'missing'] }));
    expect(unknownTask.err).toContain('$.tasks[1]: expected a task of corpus test-corpus, "missing" is not one');
  });

  it('refuses a prompt template with a misspelt placeholder or without the task prompt', () => {
    const task = { id: 't', title: 'T', prompt: 'Fix it.\n' };
    expect(renderPrompt('Hello\n\n{{task.prompt}}\n', task)).toBe('Hello\n\nFix it.\n');
    expect(() => renderPrompt('{{task.promt}}', task)).toThrow('unknown placeholder {{task.promt}}');
    expect(() => renderPrompt('{{task.title}}', task)).toThrow('expected {{task.prompt}}');
    expect(renderPrompt('{{task.prompt}} $& $1', { ...task, prompt: 'a $& b' })).toBe('a $& b $& $1');
  });
});
