import type { PowerRow, PowerTable, SampleSize } from '../contracts/scorecard.js';
import { momentRates, TARGET_POWER, tasksNeeded } from './approximate-power.js';
import { simulateScenario } from './power.js';
import { modelSummary, type PowerModel } from './power-model.js';
import { exactTasksAtRepeats } from './sign-flip.js';

export interface PowerGrid {
  /** Changes in success rate: gains and losses. */
  effects: readonly number[];
  tasks: readonly number[];
  repeats: readonly number[];
}

/** The effects the sample-size table sizes for: the gains and losses the readers ask about. */
export const SIZED_EFFECTS = [-0.15, -0.1, -0.05, 0.05, 0.1, 0.15] as const;

export const DEFAULT_GRID: PowerGrid = { effects: SIZED_EFFECTS, tasks: [30, 60, 100], repeats: [3, 5] };

/**
 * Whether a design is simulated: only where the test is exact whatever the outcomes (beyond, it may
 * take 19,999 Monte-Carlo draws per test, and a simulation would take longer than scoring). The
 * closed form sizes any corpus.
 */
export function simulable(tasks: number, repeats: number): boolean {
  return tasks <= exactTasksAtRepeats(repeats);
}

function simulatedPower(
  model: PowerModel,
  tasks: number,
  repeats: number,
  effect: number,
  simulations: number,
  seed: string,
) {
  const scenario = { tasks, repeats, effect, aaShift: 0, extraRegression: 0 };
  return simulateScenario(model, scenario, simulations, seed).detected;
}

/**
 * The sample-size table: per effect and repeats, the fewest tasks whose approximate power reaches
 * the target, and (when `check` and small enough to simulate) the simulated power at that size.
 */
export function sampleSizes(
  model: PowerModel,
  grid: Pick<PowerGrid, 'effects' | 'repeats'>,
  simulations: number,
  seed: string,
  check: boolean,
): SampleSize[] {
  const rates = momentRates(model, seed);
  return grid.effects.flatMap((effect) =>
    grid.repeats.map((repeats) => {
      const tasks = tasksNeeded(model, rates, effect, repeats);
      const simulated =
        check && tasks !== null && simulable(tasks, repeats)
          ? { power: simulatedPower(model, tasks, repeats, effect, simulations, seed), simulations }
          : null;
      return { effect, repeats, tasks, simulated };
    }),
  );
}

/** Simulated power at every grid point, and the sample-size table with its simulated checks. */
export function powerTable(
  model: PowerModel,
  grid: PowerGrid,
  simulations: number,
  seed: string,
  basis: string,
): PowerTable {
  const rows: PowerRow[] = grid.effects.flatMap((effect) =>
    grid.tasks.flatMap((tasks) =>
      grid.repeats.map((repeats) => ({
        effect,
        tasks,
        repeats,
        power: simulatedPower(model, tasks, repeats, effect, simulations, seed),
      })),
    ),
  );
  return {
    model: modelSummary(model, basis),
    seed,
    simulations,
    target: TARGET_POWER,
    rows,
    needed: sampleSizes(model, grid, simulations, seed, true),
  };
}
