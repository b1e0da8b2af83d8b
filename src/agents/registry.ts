import type { Agent } from '../contracts/agent.js';
import { CrossoverError } from '../contracts/errors.js';
import type { AgentAdapter } from './adapter.js';
import { claudeCodeAdapter } from './claude-code/adapter.js';
import { codexAdapter } from './codex/adapter.js';
import { commandAdapter } from './command/adapter.js';
import { syntheticAdapter } from './synthetic/adapter.js';

/** The adapter that starts `agent` for one trial; installed agents are found below the project root. */
export function adapterFor(agent: Agent, place?: { root: string }): AgentAdapter {
  switch (agent.adapter) {
    case 'synthetic':
      return syntheticAdapter(agent);
    case 'command':
      // A command's "./" paths are below the project root; without one, below the working directory.
      return commandAdapter(agent, place?.root ?? process.cwd());
    case 'claude-code':
    case 'codex':
      if (place === undefined)
        throw new CrossoverError(
          'refused',
          `agent: $.adapter: the ${agent.adapter} adapter needs the project root its pinned install lives under`,
        );
      return agent.adapter === 'claude-code' ? claudeCodeAdapter(agent, place.root) : codexAdapter(agent, place.root);
  }
}
