import type { Agent } from '../contracts/agent.js';
import { CrossoverError, jsonPath, parseWith } from '../contracts/errors.js';
import type { AgentAdapter } from './adapter.js';
import { claudeCodeAgent } from './claude-code/definition.js';
import { codexAgent } from './codex/definition.js';
import { commandAgent } from './command/definition.js';
import type { AgentDefinition, ParsedTranscript, SandboxNeeds } from './definition.js';
import { syntheticAgent } from './synthetic/definition.js';

/** The adapters Crossover ships, one line each: a new adapter is its folder under src/agents/ and a line here. */
const BUILTIN: readonly AgentDefinition[] = [syntheticAgent, commandAgent, claudeCodeAgent, codexAgent];

const definitions = new Map<string, AgentDefinition>(BUILTIN.map((definition) => [definition.name, definition]));

/**
 * Adds an adapter beside the built-in ones, for this process (a test's stand-in, an embedding
 * program's own agent). Returns what removes it again. A name already taken is refused.
 */
export function registerAgent<S extends Agent>(definition: AgentDefinition<S>): () => void {
  if (definitions.has(definition.name))
    throw new CrossoverError('conflict', `agent adapter ${definition.name} is already registered`);
  definitions.set(definition.name, definition as unknown as AgentDefinition);
  return () => {
    definitions.delete(definition.name);
  };
}

/** Every registered adapter, the built-in ones first, in the order they were added. */
export function agentDefinitions(): AgentDefinition[] {
  return [...definitions.values()];
}

function unknown(adapter: string): string {
  return `no agent adapter is named "${adapter}" (the adapters: ${[...definitions.keys()].join(', ')})`;
}

/** The definition of `adapter`; an adapter nobody registered is refused, naming the ones there are. */
export function agentDefinition(adapter: string): AgentDefinition {
  const definition = definitions.get(adapter);
  if (definition === undefined) throw new CrossoverError('invalid-input', `agent: $.adapter: ${unknown(adapter)}`);
  return definition;
}

/**
 * The declaration as its adapter's own schema reads it (its defaults filled in). `source` and `at`
 * say where it was declared, e.g. the experiment file and `['arms', 1, 'agent']`. The built-in
 * adapters' fields were checked by the contracts; a registered adapter's are checked here, and an
 * adapter nobody registered is refused.
 */
export function checkedAgent(spec: Agent, source = 'agent', at: readonly PropertyKey[] = []): Agent {
  const definition = definitions.get(spec.adapter);
  if (definition === undefined)
    throw new CrossoverError(
      'invalid-input',
      `${source}: invalid\n  ${jsonPath([...at, 'adapter'])}: ${unknown(spec.adapter)}`,
    );
  return BUILTIN.includes(definition) ? spec : parseWith(definition.spec, spec, source, at);
}

/** The adapter that starts `agent` for one trial; installed agents are found below the project root. */
export function adapterFor(agent: Agent, place?: { root: string }): AgentAdapter {
  return agentDefinition(agent.adapter).create(checkedAgent(agent), place?.root);
}

/**
 * What an agent needs to see inside the sandbox, read-only: an installed agent its pinned install
 * prefix, a command agent its declared files. Its MCP servers run outside its sandbox, behind
 * Crossover's proxy. And whether it must reach a model API on loopback.
 */
export function agentSandboxNeeds(agent: Agent, root: string): SandboxNeeds {
  return agentDefinition(agent.adapter).sandboxNeeds(agent, root);
}

/** Where `adapter` discovers skills, relative to its run home (AGENTS.md). */
export function skillsHomeOf(adapter: string): string {
  return agentDefinition(adapter).skillsHome;
}

/** Every skill location an agent CLI reads below HOME: a folder in any of them the arm did not declare is contamination. */
export function allSkillHomes(): string[] {
  return [...new Set(agentDefinitions().map((definition) => definition.skillsHome))].sort();
}

/** The adapters whose saved transcripts `crossover transcript` reads. */
export function transcriptAdapters(): string[] {
  return agentDefinitions()
    .filter((definition) => definition.parseTranscript !== undefined)
    .map((definition) => definition.name);
}

/** A saved transcript of `adapter`, parsed the way its adapter parses a trial's. Pure. */
export function parseTranscript(adapter: string, text: string): ParsedTranscript {
  const parse = agentDefinition(adapter).parseTranscript;
  if (parse === undefined)
    throw new CrossoverError('invalid-input', `the ${adapter} adapter writes no transcript Crossover can read`);
  return { adapter, ...parse(text) };
}
