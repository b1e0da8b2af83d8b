import { it } from 'vitest';
import { expectSyntheticAgentsOnCorpus } from './synthetic-corpus.js';

it('on every api task, through runTrial: noop fails, reference passes', { timeout: 600_000 }, () =>
  expectSyntheticAgentsOnCorpus(['api'], false),
);
