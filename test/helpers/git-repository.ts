import { execFileSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFiles } from './repository-task.js';
import { tempDir } from './temp.js';

/** Runs git in `repo` with a fixed author and committer, giving its trimmed stdout. */
export function git(repo: string, ...args: string[]): string {
  return execFileSync('git', ['-C', repo, ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@e',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@e',
      GIT_AUTHOR_DATE: '2024-01-01T00:00:00Z',
      GIT_COMMITTER_DATE: '2024-01-01T00:00:00Z',
    },
  }).trim();
}

/** One commit: files to write (a null text deletes the file) and its message. */
export interface Commit {
  files: Record<string, string | null>;
  message: string;
}

/**
 * A git repository written by the test, one commit per entry (on `main`), in `dir` or a fresh
 * temporary directory; returns its path and the commit ids in order.
 */
export async function gitRepository(
  commits: readonly Commit[],
  dir?: string,
): Promise<{ repo: string; commits: string[] }> {
  const repo = dir ?? (await tempDir('crossover-repo-'));
  git(repo, 'init', '-q', '-b', 'main');
  const ids: string[] = [];
  for (const commit of commits) {
    const written = Object.entries(commit.files).filter((entry): entry is [string, string] => entry[1] !== null);
    await writeFiles(repo, Object.fromEntries(written));
    for (const [path, text] of Object.entries(commit.files))
      if (text === null) await rm(join(repo, path), { force: true });
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '--allow-empty', '-m', commit.message);
    ids.push(git(repo, 'rev-parse', 'HEAD'));
  }
  return { repo, commits: ids };
}
