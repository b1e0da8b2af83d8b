import { type Agent, SyntheticAgentSchema } from '../../contracts/agent.js';
import type { AgentDefinition } from '../definition.js';
import { syntheticAdapter } from './adapter.js';

type SyntheticAgent = Extract<Agent, { adapter: 'synthetic' }>;

/**
 * Crossover's own deterministic agents: no model (never paid), no install or login, no version; they
 * act in-process, so the sandbox shows them nothing. They get the cross-agent skill folder.
 */
export const syntheticAgent: AgentDefinition<SyntheticAgent> = {
  name: 'synthetic',
  spec: SyntheticAgentSchema,
  skillsHome: '.agents/skills',
  paid: 'never',
  version: () => null,
  sandboxNeeds: () => ({ loopback: false, readOnly: [] }),
  bind: async () => ({ executableDigest: null, blocked: [] }),
  create: (spec) => syntheticAdapter(spec),
};
