import type { Agent } from '../contracts/agent.js';
import { CrossoverError } from '../contracts/errors.js';
import type { AgentAdapter } from './adapter.js';
import { commandAdapter } from './command.js';
import { syntheticAdapter } from './synthetic.js';

/** The adapter that starts `agent` for one trial. */
export function adapterFor(agent: Agent): AgentAdapter {
  switch (agent.adapter) {
    case 'synthetic':
      return syntheticAdapter(agent);
    case 'command':
      return commandAdapter(agent);
    case 'claude-code':
    case 'codex':
      throw new CrossoverError('refused', `agent: $.adapter: the ${agent.adapter} adapter is not available yet; use synthetic or command`);
  }
}
