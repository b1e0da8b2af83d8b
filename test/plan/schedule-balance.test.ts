import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSchedule, scheduleBalance, williamsRows } from '../../src/plan/schedule.js';

const digest = (n: number) => `sha256:${n.toString(16).padStart(64, '0')}`;

function input(treatments: number, tasks: number, repeats: number, seed = 'exp') {
  const armIds = ['baseline', ...Array.from({ length: treatments }, (_, i) => `t${i}`)];
  return {
    experimentId: seed,
    tasks: Array.from({ length: tasks }, (_, i) => ({ id: `task-${i}`, digest: digest(i) })),
    armIds,
    repeats,
  };
}

function blocksOf(schedule: ReturnType<typeof buildSchedule>): string[][] {
  const blocks: string[][] = [];
  for (const trial of schedule.trials) (blocks[trial.block] ??= [])[trial.position] = trial.arm;
  return blocks;
}

const treatments = fc.integer({ min: 1, max: 6 });

describe('the Williams schedule stays balanced (order effects cannot favour an arm)', () => {
  it('puts every arm exactly once in every block of (task, repeat)', () => {
    fc.assert(
      fc.property(
        treatments,
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 4 }),
        fc.string(),
        (t, tasks, repeats, seed) => {
          const plan = input(t, tasks, repeats, seed);
          const schedule = buildSchedule(plan);
          const blocks = blocksOf(schedule);
          expect(blocks).toHaveLength(tasks * repeats);
          for (const block of blocks) expect([...block].sort()).toEqual([...plan.armIds].sort());
          expect(schedule.trials).toHaveLength(tasks * repeats * plan.armIds.length);
          expect(new Set(schedule.trials.map((trial) => trial.id)).size).toBe(schedule.trials.length);
        },
      ),
    );
  });

  it('gives every arm every position equally often over complete cycles', () => {
    fc.assert(
      fc.property(treatments, fc.integer({ min: 1, max: 3 }), fc.string(), (t, cycles, seed) => {
        const k = t + 1;
        const rowCount = williamsRows(k).length;
        // tasks × repeats = a whole number of cycles through the rows
        const schedule = buildSchedule(input(t, rowCount, cycles, seed));
        const balance = scheduleBalance(schedule);
        expect(balance.partialBlocks).toBe(0);
        expect(balance.positionSpread).toBe(0);
        const blocks = blocksOf(schedule);
        for (let p = 0; p < k; p++) {
          const counts = new Map<string, number>();
          for (const block of blocks) counts.set(block[p] as string, (counts.get(block[p] as string) ?? 0) + 1);
          expect(counts.size).toBe(k);
          expect(new Set(counts.values()).size).toBe(1);
        }
      }),
    );
  });

  it('follows each arm by every other arm equally often (first-order carryover), odd arm counts through 2k rows', () => {
    fc.assert(
      fc.property(treatments, fc.integer({ min: 1, max: 3 }), fc.string(), (t, cycles, seed) => {
        const k = t + 1;
        expect(williamsRows(k)).toHaveLength(k % 2 === 0 ? k : 2 * k);
        const schedule = buildSchedule(input(t, williamsRows(k).length, cycles, seed));
        const pairs = new Map<string, number>();
        for (const block of blocksOf(schedule))
          for (let p = 1; p < k; p++)
            pairs.set(`${block[p - 1]}>${block[p]}`, (pairs.get(`${block[p - 1]}>${block[p]}`) ?? 0) + 1);
        expect(pairs.size).toBe(k * (k - 1));
        expect(new Set(pairs.values()).size).toBe(1);
        expect(scheduleBalance(schedule).carryoverSpread).toBe(0);
      }),
    );
  });

  it('replans to the same schedule, and the row order depends on the experiment id', () => {
    fc.assert(
      fc.property(
        treatments,
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 3 }),
        fc.string(),
        (t, tasks, repeats, seed) => {
          expect(buildSchedule(input(t, tasks, repeats, seed))).toEqual(buildSchedule(input(t, tasks, repeats, seed)));
        },
      ),
    );
    const orders = new Set(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((seed) => JSON.stringify(buildSchedule(input(3, 4, 1, seed)).rows)),
    );
    expect(orders.size).toBeGreaterThan(1);
  });

  it('gives a changed task new trial ids and leaves the others alone', () => {
    const before = buildSchedule(input(2, 3, 2));
    const changed = input(2, 3, 2);
    changed.tasks[1] = { id: 'task-1', digest: digest(99) };
    const after = buildSchedule(changed);
    after.trials.forEach((trial, i) => {
      const old = before.trials[i];
      if (trial.taskId === 'task-1') expect(trial.id).not.toBe(old?.id);
      else expect(trial.id).toBe(old?.id);
    });
  });
});
