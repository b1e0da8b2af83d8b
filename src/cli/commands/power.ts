import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { digestOf } from '../../contracts/canonical.js';
import { CrossoverError, parseJsonText } from '../../contracts/errors.js';
import { PLAN_FORMAT, PlanSchema } from '../../contracts/plan.js';
import { type PowerTable, ScorecardSchema } from '../../contracts/scorecard.js';
import { readArtifact } from '../../io/json.js';
import { powerCaption, powerRows, SAMPLE_SIZE_COLUMNS, sampleSizeRows } from '../../reporters/method-text.js';
import { observedBasis, PLAN_BASIS, planModel, scorecardModel } from '../../score/method.js';
import { DEFAULT_GRID, type PowerGrid, powerTable } from '../../score/power-table.js';
import type { Command } from '../command.js';

const USAGE =
  'power <scorecard.json | plan.json> [--effect -0.15,-0.1,-0.05,0.05,0.1,0.15] [--tasks 30,60,100] [--repeats 3,5] [--simulations 400]';
const DEFAULT_SIMULATIONS = 400;

function refuse(message: string): CrossoverError {
  return new CrossoverError('invalid-input', `${message}\nUsage: crossover ${USAGE}`);
}

function numberList(text: string | undefined, name: string, fallback: readonly number[], integer: boolean): number[] {
  if (text === undefined) return [...fallback];
  const values = text.split(',').map((part) => Number(part.trim()));
  const bad = values.find(
    (v) => !Number.isFinite(v) || (integer ? !Number.isSafeInteger(v) || v < 1 : v <= -1 || v >= 1),
  );
  if (values.length === 0 || bad !== undefined)
    throw refuse(
      `--${name} ${text}: expected a comma-separated list of ${integer ? 'positive integers' : 'effects strictly between -1 and 1'}`,
    );
  return values;
}

function grid(values: Record<string, string | undefined>): PowerGrid {
  return {
    effects: numberList(values.effect, 'effect', DEFAULT_GRID.effects, false),
    tasks: numberList(values.tasks, 'tasks', DEFAULT_GRID.tasks, true),
    repeats: numberList(values.repeats, 'repeats', DEFAULT_GRID.repeats, true),
  };
}

/** Rows as right-aligned columns of plain text. */
function aligned(rows: readonly (readonly string[])[]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => cell.padStart(widths[column]!)).join('  '));
}

/** The power table as aligned plain text, figures only: the same bytes for the same input and seed. */
function render(table: PowerTable): string {
  return [
    powerCaption(table),
    '',
    ...aligned([['effect', 'tasks', 'repeats', 'power'], ...powerRows(table)]),
    '',
    `tasks needed for ${table.target} power:`,
    ...aligned([SAMPLE_SIZE_COLUMNS.map((name) => name.toLowerCase()), ...sampleSizeRows(table.needed)]),
    '',
  ].join('\n');
}

export const powerCommand: Command = {
  usage: USAGE,
  async run(argv, io) {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        effect: { type: 'string' },
        tasks: { type: 'string' },
        repeats: { type: 'string' },
        simulations: { type: 'string' },
      },
    });
    if (positionals.length !== 1) throw refuse('expected one scorecard.json or plan.json');
    const simulations = numberList(values.simulations, 'simulations', [DEFAULT_SIMULATIONS], true)[0]!;
    const sizes = grid(values);
    const file = resolve(io.cwd, positionals[0]!);
    const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new CrossoverError('not-found', `${file}: cannot read (${error.code ?? error.message})`);
    });
    const kind = (parseJsonText(text, file) as { schema?: unknown } | null)?.schema;
    let table: PowerTable;
    if (kind === PLAN_FORMAT) {
      const plan = await readArtifact(file, PlanSchema);
      table = powerTable(planModel(plan), sizes, simulations, `${digestOf(plan)}/power`, PLAN_BASIS);
    } else {
      const scorecard = await readArtifact(file, ScorecardSchema);
      const model = scorecardModel(scorecard);
      const basis = observedBasis(model, scorecard.experiment.id);
      table = powerTable(model, sizes, simulations, `${scorecard.planId}/power`, basis);
    }
    io.out(render(table));
    return 0;
  },
};
