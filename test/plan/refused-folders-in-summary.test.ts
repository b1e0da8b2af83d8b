import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { derivePlan } from '../../src/plan/derive.js';
import { formatSummary } from '../../src/plan/format-summary.js';
import { tempDir } from '../helpers/temp.js';
import { SMALL_CORPUS, syntheticExperiment, writeCorpus, writeExperiment } from './helpers.js';

const env = { PATH: process.env.PATH };

/** A stage-0 project that plans every task of the small corpus, with `broken` task folders beside them. */
async function projectWith(broken: readonly string[]): Promise<{ root: string; file: string }> {
  const root = await tempDir();
  await writeCorpus(root, SMALL_CORPUS);
  for (const id of broken) {
    await mkdir(join(root, 'corpus/tasks', id), { recursive: true });
    await writeFile(join(root, 'corpus/tasks', id, 'task.json'), '{ "schema": "crossover.task/1", ');
  }
  const file = await writeExperiment(root, 'exp', syntheticExperiment({ stage: 0 }));
  return { root, file };
}

const refusedNotes = (notes: readonly string[]) => notes.filter((note) => note.includes('refused'));

describe("a plan's summary names the task folders the corpus refused", () => {
  it('names each refused folder and why, where a whole-corpus plan would silently leave it out', async () => {
    const { root, file } = await projectWith([]);
    // An import still writing its task (no task.json yet), and a task.json that does not parse.
    await mkdir(join(root, 'corpus/tasks/half-written/workspace'), { recursive: true });
    await mkdir(join(root, 'corpus/tasks/broken'), { recursive: true });
    await writeFile(join(root, 'corpus/tasks/broken/task.json'), '{ "schema": "crossover.task/1", ');
    const derived = await derivePlan({ experimentFile: file, root, env });
    expect(derived.plan.tasks.map((task) => task.id)).toEqual(SMALL_CORPUS.map((task) => task.id).sort());
    const notes = refusedNotes(derived.summary.notes);
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatch(/^task folder tasks\/broken is refused, so it is in no plan: tasks\/broken\/task\.json: /);
    expect(notes[1]).toBe(
      'task folder tasks/half-written is refused, so it is in no plan: tasks/half-written/task.json: no task.json (expected a task directory)',
    );
    const printed = formatSummary(derived.summary);
    expect(printed).toContain('note: task folder tasks/half-written is refused, so it is in no plan: ');
    expect(printed).not.toContain(root);
  });

  it('says nothing of refused folders when the corpus refused none', async () => {
    const { root, file } = await projectWith([]);
    const derived = await derivePlan({ experimentFile: file, root, env });
    expect(derived.plan.tasks).toHaveLength(SMALL_CORPUS.length);
    expect(refusedNotes(derived.summary.notes)).toEqual([]);
  });

  it('names the first ten of many and counts the rest, pointing at the command that lists them all', async () => {
    const ids = Array.from({ length: 13 }, (_, index) => `broken-${String(index).padStart(2, '0')}`);
    const { root, file } = await projectWith(ids);
    const notes = refusedNotes((await derivePlan({ experimentFile: file, root, env })).summary.notes);
    expect(notes).toHaveLength(11);
    expect(notes.slice(0, 10).map((note) => /^task folder tasks\/(\S+) is refused/.exec(note)?.[1])).toEqual(
      ids.slice(0, 10),
    );
    expect(notes[10]).toBe(
      '3 more task folders are refused, so they are in no plan: crossover corpus verify lists each',
    );
  });
});
