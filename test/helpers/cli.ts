import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Crossover's `main`, from its sources or from the built package: the same signature. */
type Main = typeof import('../../src/cli/main.js').main;

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

const REPO = resolve(import.meta.dirname, '../..');

/**
 * The built package, as users get it (test/helpers/fresh-build.ts keeps it current). The system and
 * e2e tests run their trials through it: a Vitest run started from the sources transforms all of
 * src/ again in each of its workers, about half as much CPU again per run as the bundled harness.
 */
export const BUILT = {
  bin: join(REPO, 'bin/crossover.js'),
  main: join(REPO, 'dist/bundled/cli.js'),
  plugin: join(REPO, 'dist/bundled/index.js'),
  reporter: join(REPO, 'dist/bundled/reporter.js'),
} as const;

/** `crossover <argv>` in-process in `root`, through `main`, with its output kept. */
export async function runCli(main: Main, root: string, argv: string[]): Promise<CliRun> {
  let out = '';
  let err = '';
  const code = await main(argv, { cwd: root, out: (text) => (out += text), err: (text) => (err += text) });
  return { code, out, err };
}

/** `crossover <argv>` in-process in `root`, through the built package's `main`. */
export async function builtCli(root: string, argv: string[]): Promise<CliRun> {
  const { main } = (await import(pathToFileURL(BUILT.main).href)) as { main: Main };
  return runCli(main, root, argv);
}
