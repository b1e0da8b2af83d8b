import { defineExperiment } from 'crossover';
import { codeSearchProvider, realAgent, WORST_CASE_TOKENS } from './shared.js';

/**
 * Stage 1: the preregistered 4-task feasibility slice (2 api, 2 browser, 4 categories, chosen by
 * the coverage rule), 2 repeats, A/B only. Descriptive: it checks setup, freshness, contamination,
 * cleanup and observability before stage 2 spends more.
 */
export default defineExperiment({
  id: 'stage1',
  title: 'Stage 1: does the code-search MCP server change outcomes? (feasibility slice)',
  stage: 1,
  corpus: '../corpus',
  ...realAgent(),
  providers: [codeSearchProvider],
  arms: [
    { id: 'baseline', role: 'baseline' },
    { id: 'context-search', role: 'treatment', provider: 'code-search', allowedTools: ['search_code', 'find_symbol'] },
  ],
  repeats: 2,
  promptTemplate: 'prompts/default.md',
  worstCaseTokens: WORST_CASE_TOKENS,
  sandbox: 'bubblewrap',
});
