import { cp, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { allSkillHomes, skillsHomeOf } from '../agents/registry.js';
import type { Agent } from '../contracts/agent.js';
import { CrossoverError } from '../contracts/errors.js';
import type { PlannedArm } from '../contracts/plan.js';
import { treeDigest } from '../io/tree.js';

function drift(arm: PlannedArm, field: string, name: string, source: string): CrossoverError {
  return new CrossoverError(
    'drift',
    `plan, arm ${arm.id}: $.skills.${field}: skill ${name} (${source}) no longer has the digest the plan bound`,
  );
}

/**
 * Copies the arm's installed skills into the run home, where its agent discovers them natively
 * (Claude Code: `$CLAUDE_CONFIG_DIR/skills`, Codex: `$CODEX_HOME/skills`). What was copied is
 * digested again: a skill whose bytes are not the ones the plan bound is drift, never a silent
 * replacement.
 */
export async function installSkills(home: string, root: string, arm: PlannedArm, adapter: Agent['adapter']) {
  if (arm.skills === null) return;
  for (const skill of arm.skills.installed) {
    const source = join(root, arm.skills.dir, skill.name);
    const target = join(home, skillsHomeOf(adapter), skill.name);
    await cp(source, target, { recursive: true, errorOnExist: true, force: false }).catch(() => {
      throw new CrossoverError(
        'not-found',
        `plan, arm ${arm.id}: $.skills.installed: skill ${skill.name} is missing from ${arm.skills?.dir}`,
      );
    });
    if ((await treeDigest(target)) !== skill.digest)
      throw drift(arm, 'installed', skill.name, `${arm.skills.dir}/${skill.name}`);
  }
}

/**
 * The prompt with the task's preregistered skill loaded into it, for an arm that preloads it: the
 * skill's SKILL.md after the task, under a heading that names it. Other arms get the prompt as is.
 */
export async function preloadTaskSkill(
  prompt: string,
  root: string,
  arm: PlannedArm,
  expectedSkill: string | null,
): Promise<string> {
  const skill = arm.skills?.preloaded.find((s) => s.name === expectedSkill);
  if (arm.skills === null || skill === undefined) return prompt;
  const folder = join(root, arm.skills.dir, skill.name);
  if ((await treeDigest(folder).catch(() => null)) !== skill.digest)
    throw drift(arm, 'preloaded', skill.name, `${arm.skills.dir}/${skill.name}`);
  const text = await readFile(join(folder, 'SKILL.md'), 'utf8');
  return `${prompt.trimEnd()}\n\n## Preloaded skill: ${skill.name}\n\n${text.trimEnd()}\n`;
}

/** Every skill folder below the run home's skill locations, as `<location>/<name>`. */
export async function skillFolders(home: string): Promise<string[]> {
  const found: string[] = [];
  for (const location of allSkillHomes()) {
    const entries = await readdir(join(home, location), { withFileTypes: true }).catch(() => []);
    for (const entry of entries) found.push(`${location}/${entry.name}`);
  }
  return found.sort();
}
