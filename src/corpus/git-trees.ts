import { spawn } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { CrossoverError } from '../contracts/errors.js';
import { git } from '../io/git.js';

/** Extracts `paths` (all when empty) of `commit`'s tree into `dest`: files, modes and symlinks, no .git. */
export async function extractTree(repo: string, commit: string, dest: string, paths: string[] = []): Promise<void> {
  await mkdir(dest, { recursive: true });
  const archive = join(dest, '..', `.${commit.slice(0, 12)}.${process.pid}.${Date.now()}.tar`);
  await git(repo, ['archive', '--format=tar', commit, ...(paths.length > 0 ? ['--', ...paths] : [])], {
    stdoutFile: archive,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      const tar = spawn('tar', ['-xf', archive, '-C', dest], { stdio: 'ignore' });
      tar.on('error', reject);
      tar.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`tar exited ${code}`))));
    });
  } finally {
    await rm(archive, { force: true });
  }
}

/** The full id of a commit of `repo`, or a refusal naming what was asked for (`what`: the option or field). */
export async function commitId(repo: string, rev: string, what: string): Promise<string> {
  const out = await git(repo, ['rev-parse', '--verify', `${rev}^{commit}`]).catch(() => {
    throw new CrossoverError('invalid-input', `${what} ${rev}: not a commit of ${repo}`);
  });
  return out.toString('utf8').trim();
}

export interface Change {
  /** git's status letter: A added, M modified, D deleted, T type changed */
  status: string;
  path: string;
}

/** (status, path) of every file the fix changes, renames as delete plus add. */
export async function changedFiles(repo: string, base: string, fix: string): Promise<Change[]> {
  const out = (await git(repo, ['diff', '--name-status', '--no-renames', '-z', base, fix])).toString('utf8');
  const parts = out.split('\0').filter((part) => part !== '');
  const result: Change[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) result.push({ status: parts[i]!, path: parts[i + 1]! });
  return result;
}
