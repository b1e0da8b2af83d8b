import { canonicalJson, sha256Hex } from '../contracts/canonical.js';
import { CrossoverError } from '../contracts/errors.js';
import type { Schedule, ScheduledTrial } from '../contracts/plan.js';
import { seededShuffle } from './shuffle.js';

/**
 * Williams rows for k arms: first row 0, 1, k−1, 2, k−2, …; row i adds i mod k. Each arm takes
 * each position once per k rows and, for even k, each arm is followed by every other arm once.
 * For odd k the reversed rows are added (2k rows) to get the same neighbour balance.
 */
export function williamsRows(k: number): number[][] {
  if (!Number.isInteger(k) || k < 1)
    throw new CrossoverError('invalid-input', `williamsRows: expected a positive arm count, got ${k}`);
  const first: number[] = [0];
  for (let low = 1, high = k - 1; first.length < k; ) {
    first.push(low++);
    if (first.length < k) first.push(high--);
  }
  const rows = Array.from({ length: k }, (_, i) => first.map((arm) => (arm + i) % k));
  return k % 2 === 1 && k > 1 ? [...rows, ...rows.map((row) => [...row].reverse())] : rows;
}

/** The 24-hex trial id; the task digest is part of it, so a changed task gets new trial ids. */
export function trialId(input: { experimentId: string; taskDigest: string; arm: string; repeat: number }): string {
  return sha256Hex(
    canonicalJson({ experiment: input.experimentId, task: input.taskDigest, arm: input.arm, repeat: input.repeat }),
  ).slice(0, 24);
}

export interface ScheduleInput {
  experimentId: string;
  /** in block order; the digest enters each trial id */
  tasks: ReadonlyArray<{ id: string; digest: string }>;
  armIds: readonly string[];
  repeats: number;
}

/**
 * Blocks of one (task, repeat), repeat-major so that a run stopped by its budget has covered
 * every task about equally; inside a block every arm once, in the order of the Williams row the
 * block gets by rotation through the rows permuted with the experiment id as seed.
 */
export function buildSchedule(input: ScheduleInput): Schedule {
  const rows = seededShuffle(williamsRows(input.armIds.length), input.experimentId);
  const trials: ScheduledTrial[] = [];
  let block = 0;
  for (let repeat = 1; repeat <= input.repeats; repeat++) {
    for (const task of input.tasks) {
      const row = rows[block % rows.length] as number[];
      row.forEach((armIndex, position) => {
        const arm = input.armIds[armIndex] as string;
        trials.push({
          id: trialId({ experimentId: input.experimentId, taskDigest: task.digest, arm, repeat }),
          taskId: task.id,
          arm,
          repeat,
          block,
          position,
        });
      });
      block++;
    }
  }
  return { design: 'williams', seed: input.experimentId, arms: [...input.armIds], rows, trials };
}

export interface ScheduleBalance {
  arms: number;
  rows: number;
  blocks: number;
  /** complete passes through all rows */
  completeCycles: number;
  /** blocks of the last, partial pass (0 when the schedule is made of complete cycles) */
  partialBlocks: number;
  /** the largest difference, over positions, between how often two arms take that position */
  positionSpread: number;
  /** the largest difference between how often two ordered neighbour pairs occur */
  carryoverSpread: number;
}

/** How close the schedule is to perfect balance; both spreads are 0 when it is balanced. */
export function scheduleBalance(schedule: Schedule): ScheduleBalance {
  const k = schedule.arms.length;
  const blocks = new Map<number, string[]>();
  for (const trial of schedule.trials) {
    const arms = blocks.get(trial.block) ?? [];
    arms[trial.position] = trial.arm;
    blocks.set(trial.block, arms);
  }
  const positions = new Map<string, number>();
  const pairs = new Map<string, number>();
  for (const a of schedule.arms) {
    for (let p = 0; p < k; p++) positions.set(`${a}@${p}`, 0);
    for (const b of schedule.arms) if (a !== b) pairs.set(`${a}>${b}`, 0);
  }
  for (const arms of blocks.values()) {
    for (const [p, arm] of arms.entries()) positions.set(`${arm}@${p}`, (positions.get(`${arm}@${p}`) ?? 0) + 1);
    for (let p = 1; p < arms.length; p++)
      pairs.set(`${arms[p - 1]}>${arms[p]}`, (pairs.get(`${arms[p - 1]}>${arms[p]}`) ?? 0) + 1);
  }
  let positionSpread = 0;
  for (let p = 0; p < k; p++) {
    const counts = schedule.arms.map((a) => positions.get(`${a}@${p}`) ?? 0);
    positionSpread = Math.max(positionSpread, Math.max(...counts) - Math.min(...counts));
  }
  const pairCounts = [...pairs.values()];
  const carryoverSpread = pairCounts.length === 0 ? 0 : Math.max(...pairCounts) - Math.min(...pairCounts);
  const rows = schedule.rows.length;
  return {
    arms: k,
    rows,
    blocks: blocks.size,
    completeCycles: Math.floor(blocks.size / rows),
    partialBlocks: blocks.size % rows,
    positionSpread,
    carryoverSpread,
  };
}
