import { randomBytes } from 'node:crypto';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { CrossoverError } from '../contracts/errors.js';
import { git } from '../io/git.js';
import { STATE_DIR } from '../io/layout.js';

/** Where a repository's history comes from: a directory of bare clones, a git URL template, or both. */
export interface RepositorySources {
  /** the project root: git-URL clones are kept under its .crossover/cache/mirrors/ */
  root: string;
  /** a directory of bare clones (`--repos`) */
  mirrors?: string;
  /** a git URL with {repo}, {owner}, {name} (`--git-url https://github.com/{repo}.git`) */
  gitUrl?: string;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** The paths a mirror directory may hold `owner/name` at, most specific first. */
function mirrorCandidates(dir: string, repo: string): string[] {
  const [owner, name] = repo.split('/') as [string, string];
  return [
    `${owner}__${name}.git`,
    `${owner}__${name}`,
    `${owner}/${name}.git`,
    `${owner}/${name}`,
    `${name}.git`,
    name,
  ].map((path) => join(dir, path));
}

/** A clone of the git URL, made once (under a temporary name, then renamed) and kept in the state directory. */
async function cloned(sources: RepositorySources, repo: string): Promise<string> {
  const [owner, name] = repo.split('/') as [string, string];
  const url = sources.gitUrl!.replaceAll('{repo}', repo).replaceAll('{owner}', owner).replaceAll('{name}', name);
  const mirror = join(sources.root, STATE_DIR, 'cache', 'mirrors', `${owner}__${name}.git`);
  if (await exists(mirror)) return mirror;
  const building = `${mirror}.${randomBytes(6).toString('hex')}.tmp`;
  await mkdir(dirname(mirror), { recursive: true });
  try {
    await git(dirname(mirror), ['clone', '--mirror', '--quiet', url, building]).catch((error: Error) => {
      const why = error.message.split('failed: ').slice(1).join('failed: ').split('\n')[0];
      throw new CrossoverError('not-found', `cloning ${url} failed: ${why}`);
    });
    // Another import may have put its clone there meanwhile: either is the same history.
    await rename(building, mirror).catch(async (error: unknown) => {
      if (!(await exists(mirror))) throw error;
    });
  } finally {
    await rm(building, { recursive: true, force: true });
  }
  return mirror;
}

const cloning = new Map<string, Promise<string>>();

/** A git directory holding `repo`'s history: its bare clone in the mirror directory, else a clone of the git URL. */
export async function locateRepository(sources: RepositorySources, repo: string): Promise<string> {
  if (sources.mirrors)
    for (const candidate of mirrorCandidates(sources.mirrors, repo)) if (await exists(candidate)) return candidate;
  const tried = sources.mirrors
    ? `no clone of it in ${sources.mirrors} (${repo.replace('/', '__')}.git or ${repo}.git)`
    : 'no --repos directory';
  if (!sources.gitUrl)
    throw new CrossoverError('not-found', `repository ${repo}: ${tried}, and no --git-url to clone it from`);
  const key = `${sources.root}\0${repo}`;
  let pending = cloning.get(key);
  if (!pending) {
    // Instances of one repository imported at once share one clone.
    pending = cloned(sources, repo).finally(() => cloning.delete(key));
    cloning.set(key, pending);
  }
  return pending.catch((error: CrossoverError) => {
    throw new CrossoverError('not-found', `repository ${repo}: ${tried}, and ${error.message}`);
  });
}

/** A fixed identity and time: the commit made from the patches is the same object every import. */
const COMMIT_ENV = {
  GIT_AUTHOR_NAME: 'crossover',
  GIT_AUTHOR_EMAIL: 'crossover@localhost',
  GIT_AUTHOR_DATE: '1970-01-01T00:00:00Z',
  GIT_COMMITTER_NAME: 'crossover',
  GIT_COMMITTER_EMAIL: 'crossover@localhost',
  GIT_COMMITTER_DATE: '1970-01-01T00:00:00Z',
};

/**
 * A scratch bare repository borrowing `mirror`'s objects (the mirror is only read), with a commit
 * on top of `base` holding each patch applied in order; returns the scratch directory and that
 * commit. A patch that does not apply is refused naming it.
 */
export async function commitPatches(
  mirror: string,
  scratch: string,
  base: string,
  patches: readonly { name: string; diff: string }[],
  message: string,
): Promise<string> {
  await git(dirname(scratch), ['clone', '--bare', '--shared', '--quiet', mirror, scratch]);
  await git(scratch, ['cat-file', '-e', `${base}^{commit}`]).catch(() => {
    throw new CrossoverError('not-found', `base_commit ${base} is not in ${mirror}`);
  });
  const env = { ...process.env, ...COMMIT_ENV, GIT_INDEX_FILE: join(scratch, 'crossover-index') };
  await git(scratch, ['read-tree', base], { env });
  for (const patch of patches) {
    const file = join(scratch, `crossover-${patch.name}.diff`);
    await writeFile(file, patch.diff);
    await git(scratch, ['apply', '--cached', '--whitespace=nowarn', file], { env }).catch((error: Error) => {
      const why = error.message.split('failed: ').slice(1).join('failed: ').trim().split('\n').join('; ');
      throw new CrossoverError('invalid-input', `the ${patch.name} does not apply to base_commit ${base}: ${why}`);
    });
  }
  const tree = (await git(scratch, ['write-tree'], { env })).toString('utf8').trim();
  return (await git(scratch, ['commit-tree', tree, '-p', base, '-m', message], { env })).toString('utf8').trim();
}

/** The files a unified diff touches (their path after it: an added or changed file; a deleted one by its old path). */
export function patchedFiles(diff: string): string[] {
  const files = new Set<string>();
  let before: string | null = null;
  for (const line of diff.split('\n')) {
    if (line.startsWith('--- ')) before = line.slice(4).replace(/^a\//, '').replace(/\t.*$/, '');
    else if (line.startsWith('+++ ')) {
      const after = line.slice(4).replace(/\t.*$/, '');
      if (after === '/dev/null') {
        if (before !== null && before !== '/dev/null') files.add(before);
      } else files.add(after.replace(/^b\//, ''));
    }
  }
  return [...files];
}
