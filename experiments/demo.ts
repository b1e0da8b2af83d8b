import { defineExperiment } from 'crossover';
import { codeSearchProvider } from './shared.js';

/**
 * The offline demo: the bundled corpus, synthetic agents, no money, no network. Stage 0 because it
 * uses every task with 1 repeat (stage 1 is a 4-task slice with 2 repeats, stage 2 needs 3); synthetic
 * agents make it descriptive at any stage, and stage 0 lets only synthetic agents run. One repeat
 * keeps `npm start` under two minutes on a 2-core machine: every trial is graded for real, and 30
 * tasks × 4 arms × 2 repeats of hidden checks (384 of them in Chromium) took about 150 s there.
 */
export default defineExperiment({
  id: 'demo',
  title: 'Demo: does a code-search MCP server help a (synthetic) agent?',
  stage: 0,
  corpus: '../corpus',
  agent: { adapter: 'synthetic', behavior: 'seeded', successProbability: 0.5 },
  providers: [codeSearchProvider],
  arms: [
    { id: 'baseline', role: 'baseline' },
    {
      id: 'context-search',
      role: 'treatment',
      title: 'Seeded 0.75 with the code-search MCP server',
      agent: { adapter: 'synthetic', behavior: 'seeded', successProbability: 0.75, queryProvider: true },
      provider: 'code-search',
      allowedTools: ['search_code', 'find_symbol'],
    },
    { id: 'prompt-only', role: 'treatment', title: 'Seeded 0.5: no real change (a null treatment)' },
    { id: 'aa-control', role: 'aa-control', title: 'The baseline again, in fresh workspaces and sessions' },
  ],
  repeats: 1,
  promptTemplate: 'prompts/default.md',
  sandbox: 'bubblewrap',
});
