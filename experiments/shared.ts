import type { AgentInput, ProviderInput } from 'crossover';

/** The reference code-search MCP server (fixtures/providers/code-search); paths are relative to this directory. */
export const codeSearchProvider: ProviderInput = {
  id: 'code-search',
  kind: 'search',
  mode: 'local',
  version: '1.0.0',
  interface: { type: 'mcp-stdio', command: 'node', args: ['../fixtures/providers/code-search/dist/server.mjs'] },
  index: { command: 'node', args: ['../fixtures/providers/code-search/index.mjs'] },
  allowedTools: ['search_code', 'find_symbol'],
};

/**
 * The command agent of README's "Bring your own agent": a shell script in its own directory, started
 * by its path below the project root. Its directory is bound read-only into the sandbox and digested
 * into the plan, so an edit to any of its files is drift.
 */
export const myAgent: AgentInput = {
  adapter: 'command',
  command: './agents/my-agent/agent.sh',
  version: '1',
  files: ['agents/my-agent'],
};

/** The pinned agent CLIs a real comparison may use, with the credential and host each needs. */
const REAL_AGENTS = {
  'claude-code': {
    agent: { adapter: 'claude-code', version: '2.1.332', model: 'claude-sonnet-4-5' },
    credential: 'ANTHROPIC_API_KEY',
    host: 'api.anthropic.com',
  },
  codex: {
    agent: { adapter: 'codex', version: '0.171.0', model: 'gpt-5-codex' },
    credential: 'OPENAI_API_KEY',
    host: 'api.openai.com',
  },
} as const satisfies Record<string, { agent: AgentInput; credential: string; host: string }>;

/**
 * The real agent chosen by configuration: CROSSOVER_AGENT=claude-code (default) or codex, and
 * optionally CROSSOVER_MODEL and CROSSOVER_BASE_URL (its model API elsewhere: a gateway, or a local
 * stand-in as in the test of README's commands). Its price is left undeclared (unknown), so its
 * plans need an approval.
 */
export function realAgent(): { agent: AgentInput; credentials: string[]; egress: { hosts: string[] } } {
  const name = process.env.CROSSOVER_AGENT ?? 'claude-code';
  if (name !== 'claude-code' && name !== 'codex')
    throw new Error(`CROSSOVER_AGENT: expected claude-code or codex, got "${name}"`);
  const chosen = REAL_AGENTS[name];
  const model = process.env.CROSSOVER_MODEL ?? chosen.agent.model;
  const baseUrl = process.env.CROSSOVER_BASE_URL;
  return {
    agent: { ...chosen.agent, model, ...(baseUrl ? { baseUrl } : {}) },
    credentials: [chosen.credential],
    egress: { hosts: [chosen.host] },
  };
}

/** Per-trial token ceiling for the conservative cost bound once a price is declared. */
export const WORST_CASE_TOKENS = { input: 2_000_000, output: 60_000 };
