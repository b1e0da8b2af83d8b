import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';

/** Whether a package.json is Crossover itself or a project that depends on it. */
function namesCrossover(file: string): boolean {
  try {
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const deps = [pkg.dependencies, pkg.devDependencies].flatMap((d) =>
      d !== null && typeof d === 'object' ? Object.keys(d) : [],
    );
    return pkg.name === 'crossover' || deps.includes('crossover');
  } catch {
    return false;
  }
}

/**
 * The Crossover project `dir` lies in: the nearest directory at or above it that holds Crossover's
 * state (.crossover/) or a package.json that is Crossover or depends on it; `dir` itself when none
 * does. Its state, corpus and experiments are found from there, wherever below it a command starts.
 */
export function projectRoot(dir: string): string {
  for (let at = resolve(dir); ; at = dirname(at)) {
    if (existsSync(join(at, '.crossover')) || namesCrossover(join(at, 'package.json'))) return at;
    if (dirname(at) === at) return resolve(dir);
  }
}

/** A word written as a path: it has a "/", starts with ".", or ends in an extension. Ids and sub-commands do not. */
function pathLike(word: string): boolean {
  return word.includes('/') || word.startsWith('.') || /\.[A-Za-z0-9]+$/.test(word);
}

/**
 * Arguments given in a subdirectory, made relative to the project root: each word (or `--opt=value`
 * value) written as a path that names an existing one from where the command was typed. Everything
 * else, ids (`--task t1`) and paths still to be written among them, is read from the project root.
 */
export function rootedArgv(argv: readonly string[], cwd: string, root: string): string[] {
  if (resolve(cwd) === resolve(root)) return [...argv];
  const rooted = (word: string): string => {
    if (!pathLike(word) || isAbsolute(word)) return word;
    const path = resolve(cwd, word);
    return existsSync(path) ? relative(root, path) || '.' : word;
  };
  return argv.map((word) => {
    if (!word.startsWith('-')) return rooted(word);
    const eq = word.indexOf('=');
    return eq > 0 ? `${word.slice(0, eq + 1)}${rooted(word.slice(eq + 1))}` : word;
  });
}
