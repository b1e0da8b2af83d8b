import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { derivePlan } from '../../src/plan/derive.js';
import { tempDir } from '../helpers/temp.js';
import { SMALL_CORPUS, syntheticExperiment, writeCorpus, writeExperiment } from './helpers.js';

const SKILLS = ['alpha', 'beta', 'gamma', 'delta'];

async function writePack(root: string): Promise<void> {
  for (const name of SKILLS) {
    await mkdir(join(root, 'experiments/pack', name, 'scripts'), { recursive: true });
    await writeFile(
      join(root, 'experiments/pack', name, 'SKILL.md'),
      `---\nname: ${name}\ndescription: ${name}\n---\n`,
    );
    await writeFile(join(root, 'experiments/pack', name, 'scripts/run.sh'), 'echo run\n');
  }
}

/** The lean-versus-full experiment: every skill, a three-skill core, the core plus the task's skill preloaded. */
async function project(overrides: Parameters<typeof syntheticExperiment>[0] = {}): Promise<string> {
  const root = await tempDir();
  await writeCorpus(root, SMALL_CORPUS);
  await writePack(root);
  await writeExperiment(
    root,
    'exp',
    syntheticExperiment({
      arms: [
        { id: 'full', role: 'baseline', skills: { dir: 'pack' } },
        { id: 'core', role: 'treatment', skills: { dir: 'pack', include: ['alpha', 'beta', 'gamma'] } },
        {
          id: 'core-plus',
          role: 'treatment',
          skills: { dir: 'pack', include: ['alpha', 'beta', 'gamma'], preloadTaskSkill: true },
        },
      ],
      taskSkills: { 'api-a': 'delta', 'api-b': 'none' },
      ...overrides,
    }),
  );
  return root;
}

const plan = (root: string) => derivePlan({ experimentFile: 'experiments/exp.ts', root });

describe('skill packs in the plan', () => {
  it('binds each arm its skills by folder digest and each task its preregistered skill', async () => {
    const { plan: bound } = await plan(await project());
    const names = (id: string) => bound.arms.find((a) => a.id === id)?.skills?.installed.map((s) => s.name);
    expect(names('full')).toEqual(['alpha', 'beta', 'delta', 'gamma']);
    expect(names('core')).toEqual(['alpha', 'beta', 'gamma']);
    expect(bound.arms.find((a) => a.id === 'core-plus')?.skills?.preloaded.map((s) => s.name)).toEqual(['delta']);
    expect(bound.arms.find((a) => a.id === 'core')?.skills?.preloaded).toEqual([]);
    expect(bound.arms.find((a) => a.id === 'full')?.skills?.dir).toBe('experiments/pack');
    expect(bound.tasks.find((t) => t.id === 'api-a')?.expectedSkill).toBe('delta');
    expect(bound.tasks.find((t) => t.id === 'api-b')?.expectedSkill).toBe('none');
    expect(bound.tasks.find((t) => t.id === 'api-c')?.expectedSkill).toBeNull();
  });

  it('one changed byte of a skill resource drifts the plan of every arm that installs or preloads it', async () => {
    const root = await project();
    const before = await plan(root);
    await appendFile(join(root, 'experiments/pack/delta/scripts/run.sh'), '#');
    const after = await plan(root);
    expect(after.id).not.toBe(before.id);
    const digest = (p: typeof before, arm: string, field: 'installed' | 'preloaded') =>
      p.plan.arms.find((a) => a.id === arm)?.skills?.[field].find((s) => s.name === 'delta')?.digest;
    expect(digest(after, 'full', 'installed')).not.toBe(digest(before, 'full', 'installed'));
    expect(digest(after, 'core-plus', 'preloaded')).not.toBe(digest(before, 'core-plus', 'preloaded'));
    // The core arm neither installs nor preloads delta: its identity holds.
    expect(after.plan.arms.find((a) => a.id === 'core')).toEqual(before.plan.arms.find((a) => a.id === 'core'));
  });

  it('refuses an included skill the directory does not hold, naming the field', async () => {
    const root = await project({
      arms: [
        { id: 'baseline', role: 'baseline' },
        { id: 'core', role: 'treatment', skills: { dir: 'pack', include: ['alpha', 'omega'] } },
      ],
    });
    await expect(plan(root)).rejects.toThrow(
      /\$\.arms\[1\]\.skills\.include: expected a skill of pack, "omega" is not one/,
    );
  });

  it('refuses a folder without SKILL.md in a skills directory', async () => {
    const root = await project();
    await mkdir(join(root, 'experiments/pack/notes'));
    await expect(plan(root)).rejects.toThrow(
      /\$\.arms\[0\]\.skills\.dir: expected only skill folders .* "notes" is not one/,
    );
  });

  it('refuses a preregistered skill for a task the corpus does not have', async () => {
    const root = await project({ taskSkills: { 'no-such-task': 'alpha' } });
    await expect(plan(root)).rejects.toThrow(/\$\.taskSkills\.no-such-task: expected a task of corpus test-corpus/);
  });
});

describe('the bundled skills experiment', () => {
  it('plans the three arms of a lean-versus-full comparison over the bundled pack and corpus', async () => {
    const repo = join(import.meta.dirname, '../..');
    const { plan: bound } = await derivePlan({ experimentFile: 'experiments/skills.ts', root: repo });
    const arms = bound.arms.map((a) => [a.id, a.skills?.installed.length, a.skills?.preloaded.length]);
    expect(arms).toEqual([
      ['full-pack', 7, 0],
      ['core', 3, 0],
      ['core-preloaded', 3, 4],
    ]);
    expect(bound.tasks.every((t) => t.expectedSkill !== null)).toBe(true);
  });
});
