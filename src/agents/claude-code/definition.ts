import { type Agent, ClaudeCodeAgentSchema } from '../../contracts/agent.js';
import { shellWord } from '../../io/login-home.js';
import type { AgentDefinition } from '../definition.js';
import { bindInstalled, installedSandboxNeeds, installRoot, linkedExecutable } from '../installed.js';
import { claudeCodeAdapter } from './adapter.js';
import { parseClaudeTranscript } from './transcript.js';

type ClaudeAgent = Extract<Agent, { adapter: 'claude-code' }>;

/**
 * Anthropic's Claude Code CLI, installed pinned from npm. It reads its config, skills and
 * subscription login from CLAUDE_CONFIG_DIR, which a trial points at the run home's `.claude`.
 */
export const claudeCodeAgent: AgentDefinition<ClaudeAgent> = {
  name: 'claude-code',
  spec: ClaudeCodeAgentSchema,
  skillsHome: '.claude/skills',
  paid: 'always',
  // Its postinstall copies the platform's native binary over the bin's placeholder.
  install: {
    package: '@anthropic-ai/claude-code',
    bin: 'claude',
    executable: linkedExecutable('claude'),
    scripts: true,
  },
  login: {
    file: { name: '.credentials.json', target: '.claude/.credentials.json' },
    ownHome: '.claude',
    homeVariable: 'CLAUDE_CONFIG_DIR',
    signIn: (launcher, dir) =>
      `CLAUDE_CONFIG_DIR=${shellWord(dir)} ${shellWord(launcher)}   # then type /login, sign in, and /exit`,
  },
  version: (spec) => spec.version,
  sandboxNeeds: installedSandboxNeeds,
  bind: bindInstalled,
  parseTranscript(text) {
    const { observation, result } = parseClaudeTranscript(text);
    const ended = result === null ? 'unknown' : result.isError ? 'error' : 'completed';
    return { format: 'claude-stream-json', observation, ended };
  },
  create: (spec, root) => claudeCodeAdapter(spec, installRoot('claude-code', root)),
};
