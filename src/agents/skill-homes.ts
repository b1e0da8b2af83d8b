import type { Agent } from '../contracts/agent.js';

/**
 * Where each agent discovers skills below its run home (AGENTS.md): Claude Code in the skills
 * folder of its CLAUDE_CONFIG_DIR, Codex in `$CODEX_HOME/skills`, and the cross-agent
 * `~/.agents/skills` that Codex also reads; command and synthetic agents get the cross-agent one.
 */
export const SKILL_HOMES: Record<Agent['adapter'], string> = {
  'claude-code': '.claude/skills',
  codex: '.codex/skills',
  command: '.agents/skills',
  synthetic: '.agents/skills',
};

/** Every skill location an agent CLI reads below HOME: a folder in any of them the arm did not declare is contamination. */
export const ALL_SKILL_HOMES: readonly string[] = [...new Set(Object.values(SKILL_HOMES))].sort();
