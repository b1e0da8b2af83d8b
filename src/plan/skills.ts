import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { CrossoverError } from '../contracts/errors.js';
import type { ArmSkills } from '../contracts/experiment.js';
import type { PlannedSkills } from '../contracts/plan.js';
import { rootRelative } from '../io/paths.js';
import { treeDigest } from '../io/tree.js';

/** Where the skills of an arm come from, and what names them in an error. */
export interface SkillsPlace {
  root: string;
  experimentDir: string;
  /** e.g. `experiments/skills.ts: $.arms[1].skills` */
  what: string;
}

/** The skill folders of a directory: every sub-folder holding a SKILL.md, by name; any other entry is an error. */
async function skillFolders(dir: string, what: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    throw new CrossoverError('not-found', `${what}.dir: cannot read the skills directory ${dir} (${error.code})`);
  });
  const names: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || !existsSync(join(dir, entry.name, 'SKILL.md'))) {
      throw new CrossoverError(
        'invalid-input',
        `${what}.dir: expected only skill folders (each with its SKILL.md) in ${dir}, "${entry.name}" is not one`,
      );
    }
    names.push(entry.name);
  }
  return names.sort();
}

/**
 * Binds an arm's skills: which folders it installs (the `include` list or the whole directory) and
 * which it may preload (the preregistered skills of the slice's tasks), each by the tree digest of
 * its folder, so one changed byte of a SKILL.md or a resource drifts the plan.
 */
export async function bindSkills(
  skills: ArmSkills | undefined,
  expectedSkills: readonly string[],
  place: SkillsPlace,
): Promise<PlannedSkills | null> {
  if (skills === undefined) return null;
  const dir = resolve(place.experimentDir, skills.dir);
  const available = await skillFolders(dir, place.what);
  const missing = (names: readonly string[], field: string): void => {
    const absent = names.find((name) => !available.includes(name));
    if (absent !== undefined)
      throw new CrossoverError(
        'invalid-input',
        `${place.what}.${field}: expected a skill of ${skills.dir}, "${absent}" is not one (it has ${available.join(', ') || 'none'})`,
      );
  };
  const installedNames = skills.include ? [...new Set(skills.include)].sort() : available;
  missing(installedNames, 'include');
  const preloadNames = skills.preloadTaskSkill ? [...new Set(expectedSkills)].filter((n) => n !== 'none').sort() : [];
  missing(preloadNames, 'preloadTaskSkill');
  const bind = async (name: string) => ({ name, digest: await treeDigest(join(dir, name)) });
  return {
    dir: rootRelative(place.root, dir, `${place.what}.dir`),
    installed: await Promise.all(installedNames.map(bind)),
    preloaded: await Promise.all(preloadNames.map(bind)),
  };
}
