import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureReceipts } from '../../fixtures/score/build.js';
import type { ExperimentInput } from '../../src/contracts/experiment.js';
import type { Scorecard } from '../../src/contracts/scorecard.js';
import { derivePlan } from '../../src/plan/derive.js';
import { coverageSlice, fitsShape, sliceOfShape } from '../../src/plan/slice.js';
import { FEASIBILITY_GATES } from '../../src/plan/stages.js';
import { buildScorecard } from '../../src/score/scorecard.js';
import { tempDir } from '../helpers/temp.js';
import {
  CATEGORIES,
  crossover,
  SLICE_NEVER_VERIFIED,
  SMALL_CORPUS,
  syntheticExperiment,
  type TaskSpec,
  writeCorpus,
  writeExperiment,
} from './helpers.js';

const env = { PATH: process.env.PATH };

function treatments(n: number): ExperimentInput['arms'] {
  return [
    { id: 'baseline', role: 'baseline' },
    ...Array.from({ length: n }, (_, i) => ({ id: `t${i}`, role: 'treatment' as const, allowedTools: [`tool-${i}`] })),
  ];
}

async function plan(experiment: ExperimentInput, tasks: readonly TaskSpec[] = SMALL_CORPUS) {
  const root = await tempDir();
  await writeCorpus(root, tasks);
  await writeExperiment(root, 'exp', experiment);
  return { root, result: await crossover(root, ['plan', 'experiments/exp.ts']) };
}

const thirtyTasks: TaskSpec[] = Array.from({ length: 30 }, (_, i) => ({
  id: `task-${String(i).padStart(2, '0')}`,
  category: CATEGORIES[i % 6] as string,
  surface: i % 2 ? 'api' : 'browser',
}));

const STAGE2_ARMS: ExperimentInput['arms'] = [
  { id: 'baseline', role: 'baseline' },
  { id: 't', role: 'treatment', allowedTools: ['x'] },
  { id: 'aa', role: 'aa-control' },
];

async function writeScorecardFile(root: string, scorecard: object): Promise<void> {
  await writeFile(join(root, 'experiments/stage1-scorecard.json'), JSON.stringify(scorecard));
}

/**
 * A stage-2 experiment on the thirty-task corpus, and the scorecard of a real stage-1 plan of the
 * same corpus and arms whose trials all passed (its feasibility gates hold).
 */
async function stage2Project(): Promise<{ root: string; file: string; stage1: Scorecard }> {
  const root = await tempDir();
  await writeCorpus(root, thirtyTasks);
  const stage1File = await writeExperiment(
    root,
    'exp1',
    syntheticExperiment({
      id: 'exp1',
      stage: 1,
      tasks: ['task-00', 'task-01', 'task-02', 'task-03'],
      arms: STAGE2_ARMS.filter((arm) => arm.role !== 'aa-control'),
    }),
  );
  const stage1Plan = (await derivePlan({ experimentFile: stage1File, root, env })).plan;
  const { planId, receipts } = fixtureReceipts(stage1Plan, () => ({ status: 'passed' }));
  const stage1 = buildScorecard({ plan: stage1Plan, planId, receipts });
  const file = await writeExperiment(
    root,
    'exp',
    syntheticExperiment({ stage: 2, repeats: 3, arms: STAGE2_ARMS, stage1Scorecard: 'stage1-scorecard.json' }),
  );
  return { root, file, stage1 };
}

describe("a plan that breaks its stage's rules is refused, naming the rule", () => {
  it('refuses a stage-1 experiment with 5 treatments', async () => {
    const { result } = await plan(syntheticExperiment({ stage: 1, arms: treatments(5) }));
    expect(result.code).toBe(6);
    expect(result.err).toContain(
      'experiments/exp.ts: refused by stage-1 rule "baseline plus at most 3 treatments": $.arms holds 5 treatments',
    );
  });

  it('accepts a stage-1 experiment with 3 treatments on the coverage-rule slice, blocked only until its tasks are verified', async () => {
    const { result } = await plan(syntheticExperiment({ stage: 1, arms: treatments(3) }));
    expect(result.code, result.err).toBe(5);
    expect(result.err).not.toContain('refused');
    expect(result.out).toContain('tasks 4 × repeats 2; trials: 32 in total');
    expect(result.err.trimEnd().split('\n').slice(1)).toEqual([`  - ${SLICE_NEVER_VERIFIED}`]);
  });

  it('refuses stage 1 with other than 2 repeats, with an aa-control, or with a slice that misses the coverage', async () => {
    const repeats = await plan(syntheticExperiment({ stage: 1, repeats: 3 }));
    expect(repeats.result.err).toContain('refused by stage-1 rule "2 repeats": $.repeats is 3');
    const aa = await plan(
      syntheticExperiment({
        stage: 1,
        arms: [
          { id: 'baseline', role: 'baseline' },
          { id: 't', role: 'treatment', allowedTools: ['x'] },
          { id: 'aa', role: 'aa-control' },
        ],
      }),
    );
    expect(aa.result.err).toContain('refused by stage-1 rule "A/B only"');
    const slice = await plan(syntheticExperiment({ stage: 1, tasks: ['api-a', 'api-b', 'web-a', 'web-b'] }));
    expect(slice.result.code).toBe(6);
    expect(slice.result.err).toContain(
      'refused by stage-1 rule "a 4-task slice: 2 api, 2 browser, at least 4 categories": $.tasks gives 4 tasks, 2 api, 2 browser, 3 categories',
    );
    const none = await plan(
      syntheticExperiment({ stage: 1, slice: { surfaces: { api: 2, browser: 2 }, minCategories: 4 } }),
      SMALL_CORPUS.filter((t) => t.surface !== 'browser'),
    );
    expect(none.result.code).toBe(6);
    expect(none.result.err).toContain(
      'refused by stage-1 rule "the preregistered slice ($.slice), a 4-task slice: 2 api, 2 browser, at least 4 categories": corpus test-corpus has no such slice',
    );
  });

  it('chooses the stage-1 slice by a deterministic coverage rule: 2 api + 2 browser over 4 categories, first in id order', async () => {
    const root = await tempDir();
    await writeCorpus(root, SMALL_CORPUS);
    const file = await writeExperiment(root, 'exp', syntheticExperiment({ stage: 1 }));
    const derived = await derivePlan({ experimentFile: file, root, env });
    // api-a + api-b share c1, so api-a + api-c (c1, c2); the first browser pair avoiding both is web-b + web-c (c3, c4)
    expect(derived.plan.tasks.map((t) => t.id)).toEqual(['api-a', 'api-c', 'web-b', 'web-c']);
    fc.assert(
      fc.property(fc.shuffledSubarray(SMALL_CORPUS, { minLength: SMALL_CORPUS.length }), (shuffled) => {
        expect(coverageSlice(shuffled)?.slice.map((t) => t.id)).toEqual(['api-a', 'api-c', 'web-b', 'web-c']);
      }),
    );
  });

  it('derives a stage-1 slice from what any corpus has: its commonest surfaces, as many categories as they allow', async () => {
    fc.assert(
      fc.property(fc.subarray(SMALL_CORPUS, { minLength: 1 }), (tasks) => {
        const found = coverageSlice(tasks);
        if (found === null) throw new Error('a non-empty corpus always has a slice');
        const { slice, shape } = found;
        expect(slice).toHaveLength(Math.min(4, tasks.length));
        expect(fitsShape(slice, shape)).toBe(true);
        // no slice of the same shape holds more categories
        const categories = new Set(slice.map((t) => t.category)).size;
        expect(sliceOfShape(tasks, { ...shape, minCategories: categories + 1 })).toBeNull();
      }),
    );
    const library: TaskSpec[] = [
      { id: 'lib-a', category: 'c1', surface: 'library' },
      { id: 'lib-b', category: 'c1', surface: 'library' },
      { id: 'lib-c', category: 'c2', surface: 'library' },
    ];
    expect(coverageSlice(library)?.shape).toEqual({ surfaces: { library: 3 }, minCategories: 2 });
    const cliAndLibrary: TaskSpec[] = [
      ...library,
      { id: 'cli-a', category: 'c3', surface: 'cli' },
      { id: 'lib-d', category: 'c4', surface: 'library' },
    ];
    // library has the most tasks: two of it, then cli, then library again up to four
    expect(coverageSlice(cliAndLibrary)?.slice.map((t) => t.id)).toEqual(['cli-a', 'lib-a', 'lib-c', 'lib-d']);
  });

  it('plans stage 1 on a library-only corpus of 3 tasks, and holds a listed slice to the derived shape', async () => {
    const library: TaskSpec[] = [
      { id: 'lib-a', category: 'c1', surface: 'library' },
      { id: 'lib-b', category: 'c1', surface: 'library' },
      { id: 'lib-c', category: 'c2', surface: 'library' },
    ];
    const derived = await plan(syntheticExperiment({ stage: 1 }), library);
    expect(derived.result.err).not.toContain('refused');
    expect(derived.result.out).toContain('tasks 3 × repeats 2');
    const listed = await plan(syntheticExperiment({ stage: 1, tasks: ['lib-a', 'lib-b'] }), library);
    expect(listed.result.code).toBe(6);
    expect(listed.result.err).toContain(
      'refused by stage-1 rule "a 3-task slice: 3 library, at least 2 categories": $.tasks gives 2 tasks, 2 library, 1 categories',
    );
  });

  it('takes a preregistered slice shape instead of the coverage rule, and refuses it outside stage 1', async () => {
    const shaped = await plan(
      syntheticExperiment({ stage: 1, slice: { surfaces: { api: 1, library: 1 }, minCategories: 2 } }),
    );
    expect(shaped.result.err).not.toContain('refused');
    expect(shaped.result.out).toContain('tasks 2 × repeats 2');
    const stage0 = await plan(syntheticExperiment({ slice: { surfaces: { api: 1 } } }));
    expect(stage0.result.code).toBe(2);
    expect(stage0.result.err).toContain('experiments/exp.ts: $.slice: a preregistered slice shape is a stage-1 rule');
  });

  it('plans an exploratory run of any tasks with a real agent, labelled in the plan and its summary', async () => {
    const root = await tempDir();
    await writeCorpus(root, SMALL_CORPUS);
    const file = await writeExperiment(
      root,
      'exp',
      syntheticExperiment({
        stage: 'exploratory',
        tasks: ['lib-a', 'api-b'],
        repeats: 1,
        agent: { adapter: 'command', command: 'true' },
        arms: treatments(1),
      }),
    );
    const derived = await derivePlan({ experimentFile: file, root, env });
    expect(derived.plan.experiment.stage).toBe('exploratory');
    expect(derived.summary.notes).toContain(
      'EXPLORATORY: any tasks, always descriptive; its scorecard is never stage-2 evidence',
    );
    // a real agent spends real trials: only qualified tasks, like stage 1 and 2
    expect(derived.blocked).toEqual([
      'tasks never verified: lib-a, api-b: run crossover corpus verify --task lib-a --task api-b (stage 1, stage 2 and exploratory runs use only qualified tasks)',
    ]);
  });

  it('refuses stage 2 without 30 tasks, 3 repeats, an aa-control arm, the sandbox or a stage-1 scorecard', async () => {
    const aaArms = [
      { id: 'baseline', role: 'baseline' as const },
      { id: 't', role: 'treatment' as const, allowedTools: ['x'] },
      { id: 'aa', role: 'aa-control' as const },
    ];
    const small = await plan(syntheticExperiment({ stage: 2, repeats: 3, arms: aaArms }));
    expect(small.result.err).toContain(
      'refused by stage-2 rule "at least 30 tasks ($.policy.minTasks)": the slice holds 9 tasks: add tasks to the corpus, or preregister a smaller $.policy.minTasks',
    );
    const preregistered = await plan(
      syntheticExperiment({ stage: 2, repeats: 3, arms: aaArms, policy: { minTasks: 9 } }),
    );
    expect(preregistered.result.err).not.toContain('at least');
    const twoRepeats = await plan(syntheticExperiment({ stage: 2, repeats: 2, arms: aaArms }), thirtyTasks);
    expect(twoRepeats.result.err).toContain('refused by stage-2 rule "at least 3 repeats"');
    const noControl = await plan(syntheticExperiment({ stage: 2, repeats: 3 }), thirtyTasks);
    expect(noControl.result.err).toContain('refused by stage-2 rule "an independent aa-control arm"');
    const unconfined = await plan(
      syntheticExperiment({
        stage: 2,
        repeats: 3,
        arms: aaArms.map((arm) => ({ ...arm, agent: { adapter: 'command' as const, command: 'true' } })),
        agent: { adapter: 'command', command: 'true' },
        sandbox: 'none',
      }),
      thirtyTasks,
    );
    expect(unconfined.result.code).toBe(6);
    expect(unconfined.result.err).toContain(
      'refused by stage-2 rule "agents run in a sandbox (bubblewrap or container)": $.sandbox is "none"',
    );
    const noScorecard = await plan(syntheticExperiment({ stage: 2, repeats: 3, arms: aaArms }), thirtyTasks);
    expect(noScorecard.result.err).toContain(
      'refused by stage-2 rule "a stage-1 scorecard whose feasibility gates passed": $.stage1Scorecard is missing',
    );
  });

  it('accepts stage 2 only with a stage-1 scorecard whose feasibility gates all passed, and binds its digest', async () => {
    const { root, file, stage1 } = await stage2Project();
    const failing = {
      ...stage1,
      feasibility: { ...stage1.feasibility, observability: { passed: false, detail: 'x' } },
    };
    await writeScorecardFile(root, failing);
    await expect(derivePlan({ experimentFile: file, root, env })).rejects.toThrow(
      'does not show observability as passed',
    );
    await writeScorecardFile(root, stage1);
    const derived = await derivePlan({ experimentFile: file, root, env });
    expect(derived.plan.stage1Scorecard?.path).toBe('experiments/stage1-scorecard.json');
    expect(derived.plan.schedule.trials).toHaveLength(30 * 3 * 3);
    // 3 arms (odd): 6 Williams rows, 90 blocks = 15 complete cycles
    expect(derived.summary.balance).toMatchObject({
      rows: 6,
      blocks: 90,
      completeCycles: 15,
      partialBlocks: 0,
      positionSpread: 0,
      carryoverSpread: 0,
    });
  });

  it('refuses a forged scorecard whose five gates say true, naming the field that is not a scorecard', async () => {
    const { root, file } = await stage2Project();
    const gates = Object.fromEntries(FEASIBILITY_GATES.map((gate) => [gate, true]));
    await writeScorecardFile(root, { schema: 'crossover.scorecard/9', feasibility: gates });
    await expect(derivePlan({ experimentFile: file, root, env })).rejects.toThrow(
      'stage1-scorecard.json: not a scorecard: $.schema: Invalid input: expected "crossover.scorecard/2"',
    );
  });

  it("refuses a stage-0 scorecard, another corpus's scorecard and one that never ran a compared arm", async () => {
    const { root, file, stage1 } = await stage2Project();
    const refusedWith = async (scorecard: object, field: string) => {
      await writeScorecardFile(root, scorecard);
      const error = await derivePlan({ experimentFile: file, root, env }).catch((e: Error) => e);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toContain('not the stage-1 run this plan needs');
      expect((error as Error).message).toContain(field);
    };
    await refusedWith(
      { ...stage1, experiment: { ...stage1.experiment, stage: 0 } },
      '$.experiment.stage is 0, expected 1',
    );
    await refusedWith({ ...stage1, corpus: { ...stage1.corpus, id: 'other-corpus' } }, '$.corpus.id is "other-corpus"');
    await refusedWith(
      { ...stage1, corpus: { ...stage1.corpus, digest: `sha256:${'0'.repeat(64)}` } },
      '$.corpus.digest',
    );
    await refusedWith({ ...stage1, arms: stage1.arms.filter((arm) => arm.id !== 't') }, '$.arms holds no arm t');
    await refusedWith(
      { ...stage1, arms: stage1.arms.map((arm) => ({ ...arm, adapter: 'command' })) },
      '$.arms[0].adapter is "command", expected "synthetic"',
    );
  });

  it('plans a stage-0 experiment with a real agent but blocks it: stage 0 probes and plans only', async () => {
    const root = await tempDir();
    await writeCorpus(root, SMALL_CORPUS);
    const file = await writeExperiment(
      root,
      'exp',
      syntheticExperiment({ agent: { adapter: 'command', command: 'true' }, arms: treatments(1) }),
    );
    const derived = await derivePlan({ experimentFile: file, root, env });
    expect(derived.blocked).toEqual([
      "stage 0 probes and plans only: a real agent runs from stage 1 on, or in an exploratory run (stage: 'exploratory', any tasks, always descriptive)",
    ]);
  });
});
