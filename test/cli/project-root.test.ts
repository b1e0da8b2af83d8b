import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot, rootedArgv } from '../../src/io/project-root.js';
import { tempDir } from '../helpers/temp.js';

describe('a command typed in a subdirectory acts on the Crossover project above it', () => {
  it('finds the nearest project: a package.json depending on crossover, or .crossover/', async () => {
    const outside = await tempDir();
    const root = join(outside, 'my-project');
    await mkdir(join(root, 'corpus/tasks/t1'), { recursive: true });
    // a directory with no project above it is its own root (the control)
    expect(projectRoot(join(root, 'corpus/tasks'))).toBe(join(root, 'corpus/tasks'));
    await writeFile(join(root, 'package.json'), JSON.stringify({ devDependencies: { crossover: '0.1.0' } }));
    expect(projectRoot(join(root, 'corpus/tasks/t1'))).toBe(root);
    expect(projectRoot(root)).toBe(root);
    // an unrelated package.json in between is not a Crossover project
    await writeFile(join(root, 'corpus/package.json'), JSON.stringify({ name: 'fixture' }));
    expect(projectRoot(join(root, 'corpus/tasks'))).toBe(root);
    // state found nearer wins
    await mkdir(join(root, 'corpus/tasks/.crossover'));
    expect(projectRoot(join(root, 'corpus/tasks/t1'))).toBe(join(root, 'corpus/tasks'));
  });

  it('makes path arguments typed there relative to the root, and leaves ids and new paths alone', async () => {
    const root = await tempDir();
    await mkdir(join(root, 'corpus/tasks/t1'), { recursive: true });
    await mkdir(join(root, 'experiments'));
    await writeFile(join(root, 'experiments/exp.ts'), '');
    const cwd = join(root, 'corpus');
    expect(
      rootedArgv(['plan', '../experiments/exp.ts', '--out', 'plan.json', '--task', 't1', '--corpus=.'], cwd, root),
    ).toEqual(['plan', 'experiments/exp.ts', '--out', 'plan.json', '--task', 't1', '--corpus=corpus']);
    expect(rootedArgv(['digest', 'tasks/t1'], cwd, root)).toEqual(['digest', 'corpus/tasks/t1']);
    // an id that happens to name a directory here stays an id
    expect(rootedArgv(['corpus', 'verify', '--task', 't1'], join(cwd, 'tasks'), root)).toEqual([
      'corpus',
      'verify',
      '--task',
      't1',
    ]);
    expect(rootedArgv(['plan', '../experiments/exp.ts'], root, root)).toEqual(['plan', '../experiments/exp.ts']);
  });
});
