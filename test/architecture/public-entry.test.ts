import { describe, expect, it } from 'vitest';
import * as contracts from '../../src/contracts/index.js';
import * as entry from '../../src/index.js';

/** Every name the entry exports beyond the contracts (schemas and their helpers). Adding one is a deliberate act. */
const PUBLIC = [
  'CrossoverReporter',
  'buildScorecard',
  'crossover',
  'defineExperiment',
  'exactSignTest',
  'hoeffdingInterval',
  'holmAdjust',
  'wilsonInterval',
];

describe('the public entry', () => {
  it('exports the contracts, the experiment helper, the plugin, the reporter and the statistics, nothing internal', () => {
    const beyondContracts = Object.keys(entry).filter((name) => !(name in contracts));
    expect(beyondContracts.sort()).toEqual(PUBLIC);
  });

  it('exports every contract', () => {
    for (const name of Object.keys(contracts)) expect(entry, name).toHaveProperty(name);
  });
});
