import { realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { type Agent, CodexAgentSchema } from '../../contracts/agent.js';
import { CrossoverError } from '../../contracts/errors.js';
import { shellWord } from '../../io/login-home.js';
import type { AgentDefinition, ParsedTranscript } from '../definition.js';
import { bindInstalled, installedSandboxNeeds, installRoot } from '../installed.js';
import { codexAdapter } from './adapter.js';
import { isCodexRollout, parseCodexEvents, parseCodexRollout } from './transcript.js';

type CodexAgent = Extract<Agent, { adapter: 'codex' }>;

/** Codex's launcher is a Node script that execs the native binary of its platform package. */
const CODEX_NATIVE: Record<string, { pkg: string; triple: string }> = {
  x64: { pkg: '@openai/codex-linux-x64', triple: 'x86_64-unknown-linux-musl' },
  arm64: { pkg: '@openai/codex-linux-arm64', triple: 'aarch64-unknown-linux-musl' },
};

/** The real executable behind the launcher: the native binary of this platform. */
async function nativeExecutable(prefix: string): Promise<string> {
  const native = process.platform === 'linux' ? CODEX_NATIVE[process.arch] : undefined;
  if (native === undefined)
    throw new CrossoverError('infrastructure', `codex: no native package for ${process.platform}-${process.arch}`);
  return realpath(join(prefix, 'node_modules', native.pkg, 'vendor', native.triple, 'bin', 'codex'));
}

/** A saved session rollout, or the `codex exec --json` events of a run. */
function parseCodexTranscript(text: string): Omit<ParsedTranscript, 'adapter'> {
  if (isCodexRollout(text)) return { format: 'codex-rollout', observation: parseCodexRollout(text), ended: null };
  const { observation, end } = parseCodexEvents(text);
  const ended = end.failure !== null ? 'error' : end.completed ? 'completed' : 'unknown';
  return { format: 'codex-events', observation, ended };
}

/**
 * OpenAI's Codex CLI, installed pinned from npm. It reads its config, skills and login from
 * CODEX_HOME, which a trial points at the run home's `.codex`; it also reads `~/.agents/skills`.
 */
export const codexAgent: AgentDefinition<CodexAgent> = {
  name: 'codex',
  spec: CodexAgentSchema,
  skillsHome: '.codex/skills',
  paid: 'always',
  install: { package: '@openai/codex', bin: 'codex', executable: nativeExecutable },
  login: {
    file: { name: 'auth.json', target: '.codex/auth.json' },
    ownHome: '.codex',
    homeVariable: 'CODEX_HOME',
    signIn: (launcher, dir) =>
      `CODEX_HOME=${shellWord(dir)} ${shellWord(launcher)} -c 'cli_auth_credentials_store="file"' login`,
  },
  version: (spec) => spec.version,
  sandboxNeeds: installedSandboxNeeds,
  bind: bindInstalled,
  parseTranscript: parseCodexTranscript,
  create: (spec, root) => codexAdapter(spec, installRoot('codex', root)),
};
