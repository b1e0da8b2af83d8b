import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadExperiment } from '../../src/plan/load-experiment.js';
import { tempDir } from '../helpers/temp.js';
import { crossover, syntheticExperiment } from './helpers.js';

/** experiments/exp.ts whose title comes from a TypeScript helper next to it, imported the way experiments/ do (`./shared.js`). */
async function experimentWithHelper(root: string, title: string): Promise<string> {
  await writeFile(join(root, 'shared.ts'), `export const title: string = ${JSON.stringify(title)};\n`);
  const file = join(root, 'exp.ts');
  const fields = JSON.stringify(syntheticExperiment()).slice(1, -1);
  await writeFile(
    file,
    `import { defineExperiment, type ExperimentInput } from 'crossover';\nimport { title } from './shared.js';\n\nconst input: ExperimentInput = { ${fields}, title };\nexport default defineExperiment(input);\n`,
  );
  return file;
}

describe('an experiment is loaded as its files read now', () => {
  it('sees an edited experiment and an edited helper on the next load, not a cached module', async () => {
    const root = await tempDir();
    const file = await experimentWithHelper(root, 'first');
    expect((await loadExperiment(file)).experiment.title).toBe('first');
    await experimentWithHelper(root, 'second');
    expect((await loadExperiment(file)).experiment.title).toBe('second');
    await writeFile(file, (await readFile(file, 'utf8')).replace('title };', "title: 'edited in the experiment' };"));
    expect((await loadExperiment(file)).experiment.title).toBe('edited in the experiment');
  });

  it('gives the experiment its own import.meta.url and dirname, not those of a temporary bundle', async () => {
    const root = await tempDir();
    const file = join(root, 'exp.ts');
    const fields = JSON.stringify(syntheticExperiment()).slice(1, -1);
    await writeFile(
      file,
      `import { defineExperiment } from 'crossover';\nexport default defineExperiment({ ${fields}, title: import.meta.url + ' ' + import.meta.dirname });\n`,
    );
    expect((await loadExperiment(file)).experiment.title).toBe(`${pathToFileURL(file).href} ${root}`);
    expect(await readdir(root)).toEqual(['exp.ts']);
  });

  it('names the experiment file when it does not parse or imports a helper that is missing', async () => {
    const root = await tempDir();
    const broken = join(root, 'broken.ts');
    await writeFile(broken, 'export default {\n');
    await expect(loadExperiment(broken)).rejects.toThrow(`${broken}: could not be loaded`);
    const orphan = join(root, 'orphan.ts');
    await writeFile(orphan, "import { title } from './missing.js';\nexport default { title };\n");
    await expect(loadExperiment(orphan)).rejects.toThrow(/orphan\.ts: could not be loaded \(.*missing\.js/s);
  });

  it('prints a syntax error without terminal escapes when its output is not a terminal', async () => {
    const root = await tempDir();
    await mkdir(join(root, 'experiments'));
    await writeFile(join(root, 'experiments/bad.ts'), "export default {\n  id: 'x',,\n};\n");
    const error = await loadExperiment(join(root, 'experiments/bad.ts')).catch((e: Error) => e);
    // the bundler coloured it (the test is real), and the message Crossover prints is plain
    expect(String((error as Error & { cause: Error }).cause.message)).toContain('\u001b[');
    const result = await crossover(root, ['plan', 'experiments/bad.ts']);
    expect(result.code).toBe(2);
    expect(result.err).toContain('experiments/bad.ts: could not be loaded');
    expect(result.err).toContain('Unexpected token');
    expect(result.err).not.toContain('\u001b');
  });

  it('reports an error the experiment throws while it is evaluated, naming the file', async () => {
    const root = await tempDir();
    const file = join(root, 'throws.ts');
    await writeFile(file, "throw new Error('CROSSOVER_AGENT: expected claude-code or codex');\n");
    await expect(loadExperiment(file)).rejects.toThrow(
      `${file}: could not be loaded (CROSSOVER_AGENT: expected claude-code or codex)`,
    );
  });
});
