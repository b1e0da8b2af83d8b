import { it } from 'vitest';
import { expectSyntheticAgentsOnCorpus } from './synthetic-corpus.js';

it(
  'on every cli and library task, through runTrial: noop fails, reference passes, seeded passes where its draw says',
  { timeout: 600_000 },
  () => expectSyntheticAgentsOnCorpus(['cli', 'library'], true),
);
