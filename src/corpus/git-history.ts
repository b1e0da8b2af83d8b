import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { History } from '../contracts/corpus.js';
import { CrossoverError } from '../contracts/errors.js';
import { git } from '../io/git.js';

/** Where a task that declares history keeps it: a git bundle holding the commit. */
export const HISTORY_BUNDLE = 'history.bundle';

/**
 * Written, not left to `git init`, whose config and templates depend on the git version and the
 * machine (hooks, description, probed core.* settings). No reflogs: they carry times.
 */
const CONFIG = '[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n\tlogallrefupdates = false\n';

/** No system or user configuration reaches the rebuild: the bytes depend on the bundle alone. */
function isolatedEnv(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    HOME: '/nonexistent',
    LANG: 'C',
  };
}

/**
 * Rebuilds `<dest>/.git` at `history.commit` from the task's history.bundle, the same bytes every
 * time (so a snapshot holding it never drifts): the bundle's pack as it is, HEAD and the branch
 * written by hand, and an index from `git read-tree`, whose entries carry no file times (git
 * refreshes them on the first `git status`). `dest` already holds the commit's files.
 */
export async function rebuildGit(taskDir: string, history: History, dest: string): Promise<void> {
  const dotGit = join(dest, '.git');
  const env = isolatedEnv();
  for (const dir of ['objects/pack', 'objects/info', 'refs/heads', 'refs/tags'])
    await mkdir(join(dotGit, dir), { recursive: true });
  await writeFile(join(dotGit, 'HEAD'), `ref: refs/heads/${history.branch}\n`);
  await writeFile(join(dotGit, 'config'), CONFIG);
  const bundle = join(taskDir, HISTORY_BUNDLE);
  await git(dest, ['bundle', 'unbundle', bundle], { env });
  await git(dest, ['cat-file', '-e', `${history.commit}^{commit}`], { env }).catch(() => {
    throw new CrossoverError(
      'invalid-input',
      `${bundle}: does not hold commit ${history.commit}, which task.json's $.repository.history.commit names`,
    );
  });
  await writeFile(join(dotGit, 'refs/heads', history.branch), `${history.commit}\n`);
  await git(dest, ['read-tree', history.commit], { env });
}
