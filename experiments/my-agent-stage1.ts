import { defineExperiment } from 'crossover';
import { codeSearchProvider, myAgent } from './shared.js';

/**
 * README, "Bring your own agent", stage 1: a command agent (agents/my-agent) with and without the
 * reference code-search MCP server, on the coverage rule's 4-task slice, 2 repeats, in bubblewrap.
 */
export default defineExperiment({
  id: 'my-agent-stage1',
  title: 'Stage 1: does the code-search MCP server change what my agent does? (feasibility slice)',
  stage: 1,
  corpus: '../corpus',
  agent: myAgent,
  providers: [codeSearchProvider],
  arms: [
    { id: 'baseline', role: 'baseline' },
    { id: 'context-search', role: 'treatment', provider: 'code-search', allowedTools: ['search_code', 'find_symbol'] },
  ],
  repeats: 2,
  promptTemplate: 'prompts/default.md',
  sandbox: 'bubblewrap',
});
