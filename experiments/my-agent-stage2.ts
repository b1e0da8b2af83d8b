import { defineExperiment } from 'crossover';
import { codeSearchProvider, myAgent } from './shared.js';

/**
 * README, "Bring your own agent", stage 2: the same arms on the whole corpus, 3 repeats, with an
 * independent A/A control, resting on the stage-1 scorecard copied beside this file.
 */
export default defineExperiment({
  id: 'my-agent-stage2',
  title: 'Stage 2: does the code-search MCP server change what my agent does?',
  stage: 2,
  corpus: '../corpus',
  agent: myAgent,
  providers: [codeSearchProvider],
  arms: [
    { id: 'baseline', role: 'baseline' },
    { id: 'context-search', role: 'treatment', provider: 'code-search', allowedTools: ['search_code', 'find_symbol'] },
    { id: 'aa-control', role: 'aa-control' },
  ],
  repeats: 3,
  promptTemplate: 'prompts/default.md',
  sandbox: 'bubblewrap',
  stage1Scorecard: 'my-agent-stage1-scorecard.json',
});
