import { defineExperiment } from 'crossover';
import { codeSearchProvider, realAgent, WORST_CASE_TOKENS } from './shared.js';

/**
 * Stage 2: the confirmatory comparison on the whole corpus (at least 30 tasks), 3 repeats, with an
 * independent A/A control. It names the stage-1 scorecard whose feasibility gates passed
 * (CROSSOVER_STAGE1_SCORECARD, relative to this directory).
 */
export default defineExperiment({
  id: 'stage2',
  title: 'Stage 2: does the code-search MCP server change outcomes?',
  stage: 2,
  corpus: '../corpus',
  ...realAgent(),
  providers: [codeSearchProvider],
  arms: [
    { id: 'baseline', role: 'baseline' },
    { id: 'context-search', role: 'treatment', provider: 'code-search', allowedTools: ['search_code', 'find_symbol'] },
    { id: 'aa-control', role: 'aa-control' },
  ],
  repeats: 3,
  promptTemplate: 'prompts/default.md',
  worstCaseTokens: WORST_CASE_TOKENS,
  sandbox: 'bubblewrap',
  stage1Scorecard: process.env.CROSSOVER_STAGE1_SCORECARD ?? 'stage1-scorecard.json',
});
