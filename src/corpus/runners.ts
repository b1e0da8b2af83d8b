import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RepositorySetup, RepositoryTest } from '../contracts/corpus.js';
import { CrossoverError, parseJsonText, parseWith } from '../contracts/errors.js';
import {
  type RepositoryRunner,
  type RunnerMapping,
  RunnerMappingSchema,
  type RunnerProfile,
} from '../contracts/runners.js';

/** Where `{tests}` stands in a test command: the test files an instance's test patch touches. */
export const TESTS_PLACEHOLDER = '{tests}';

/** npm's reproducible install: the lockfile exactly, no install scripts (they could fetch more). */
const NPM_SETUP: RepositorySetup = {
  command: 'npm ci --ignore-scripts --no-audit --no-fund',
  outputs: ['node_modules'],
  timeoutSec: 900,
};

const TEST_TIMEOUT_SEC = 900;

/** The built-in runners: each a test command with a machine-readable reporter writing into $CROSSOVER_RESULTS. */
const PROFILES: Record<RunnerProfile, RepositoryTest & { npm: boolean }> = {
  'node-test': {
    npm: true,
    command: `node --test --test-reporter=junit --test-reporter-destination="$CROSSOVER_RESULTS/junit.xml" ${TESTS_PLACEHOLDER}`,
    format: 'junit',
    resultFile: 'junit.xml',
    timeoutSec: TEST_TIMEOUT_SEC,
  },
  jest: {
    npm: true,
    command: `jest --ci --json --outputFile="$CROSSOVER_RESULTS/results.json" ${TESTS_PLACEHOLDER}`,
    format: 'jest-json',
    resultFile: 'results.json',
    timeoutSec: TEST_TIMEOUT_SEC,
  },
  vitest: {
    npm: true,
    command: `vitest run --reporter=json --outputFile="$CROSSOVER_RESULTS/results.json" ${TESTS_PLACEHOLDER}`,
    format: 'jest-json',
    resultFile: 'results.json',
    timeoutSec: TEST_TIMEOUT_SEC,
  },
  mocha: {
    npm: true,
    command: `mocha --reporter tap ${TESTS_PLACEHOLDER} > "$CROSSOVER_RESULTS/tap.txt"`,
    format: 'tap',
    resultFile: 'tap.txt',
    timeoutSec: TEST_TIMEOUT_SEC,
  },
  tape: {
    npm: true,
    command: `tape ${TESTS_PLACEHOLDER} > "$CROSSOVER_RESULTS/tap.txt"`,
    format: 'tap',
    resultFile: 'tap.txt',
    timeoutSec: TEST_TIMEOUT_SEC,
  },
  pytest: {
    npm: false,
    command: `/usr/bin/python3 -m pytest -p no:cacheprovider -o junit_family=xunit1 --junitxml="$CROSSOVER_RESULTS/junit.xml" ${TESTS_PLACEHOLDER}`,
    format: 'junit',
    resultFile: 'junit.xml',
    timeoutSec: TEST_TIMEOUT_SEC,
  },
};

/** package.json's test script names its runner, first match wins (vitest before jest: "vitest" holds no "jest", but a script may run both). */
const SCRIPT_RUNNERS: readonly [RegExp, RunnerProfile][] = [
  [/\bvitest\b/, 'vitest'],
  [/\bjest\b/, 'jest'],
  [/\bmocha\b/, 'mocha'],
  [/\btape\b/, 'tape'],
  [/\bnode\s+(?:[^\s]+\s+)*--test\b/, 'node-test'],
];
/** Files that make a tree a Python project tested with pytest. */
const PYTHON_MARKERS = ['pyproject.toml', 'setup.py', 'setup.cfg', 'pytest.ini', 'tox.ini'];

/** The runner a repository gets: its setup (null: none), test command, declared overrides, and how it was chosen. */
export interface ChosenRunner {
  setup: RepositorySetup | null;
  test: RepositoryTest;
  overrides: string[];
  /** "declared" (the mapping), or "detected: <profile> (<why>)" */
  chosen: string;
}

/** Reads a file of the starting tree by its relative path; null when it has none. */
export type TreeReader = (path: string) => Promise<string | null>;

/** A reader of a directory's files. */
export function directoryReader(dir: string): TreeReader {
  return (path) => readFile(join(dir, path), 'utf8').catch(() => null);
}

/** The runner the starting tree shows: package.json's test script, else a Python project's markers; null when neither tells. */
async function detect(
  read: TreeReader,
): Promise<{ profile: RunnerProfile; why: string; npmDependencies: boolean } | null> {
  const text = await read('package.json');
  if (text !== null) {
    const manifest = JSON.parse(text) as {
      scripts?: { test?: unknown };
      dependencies?: object;
      devDependencies?: object;
    };
    const script = typeof manifest.scripts?.test === 'string' ? manifest.scripts.test : '';
    const npmDependencies = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).length > 0;
    const match = SCRIPT_RUNNERS.find(([pattern]) => pattern.test(script));
    return match ? { profile: match[1], why: `package.json test script "${script}"`, npmDependencies } : null;
  }
  for (const marker of PYTHON_MARKERS)
    if ((await read(marker)) !== null) return { profile: 'pytest', why: marker, npmDependencies: false };
  return null;
}

function fromProfile(profile: RunnerProfile, npmDependencies: boolean): Pick<ChosenRunner, 'setup' | 'test'> {
  const { npm, ...test } = PROFILES[profile];
  return { setup: npm && npmDependencies ? NPM_SETUP : null, test };
}

/**
 * The runner of `repo`: the mapping's entry (a profile by name, or a runner whose fields replace
 * its profile's), else the one the starting tree shows. A repository neither declares nor shows
 * is refused with what to declare.
 */
export async function chooseRunner(
  repo: string,
  read: TreeReader,
  mapping: RunnerMapping | null,
): Promise<ChosenRunner> {
  const entry: RepositoryRunner | undefined = ((value) => (typeof value === 'string' ? { profile: value } : value))(
    mapping?.repositories[repo],
  );
  const detected = await detect(read);
  const npmDependencies = detected?.npmDependencies ?? (await read('package.json')) !== null;
  const profile = entry?.profile ?? detected?.profile;
  if (profile === undefined && entry?.test === undefined)
    throw new CrossoverError(
      'invalid-input',
      `no test runner for ${repo}: its starting tree names none (package.json's test script, a Python project's pytest) and the runner mapping has no entry: declare one (--runners <file>, "repositories": { "${repo}": "pytest" | { "test": … } })`,
    );
  const base = profile ? fromProfile(profile, npmDependencies) : { setup: null, test: entry!.test! };
  return {
    setup: entry?.setup !== undefined ? entry.setup : base.setup,
    test: entry?.test ?? base.test,
    overrides: entry?.overrides ?? [],
    chosen: entry ? 'declared' : `detected: ${profile} (${detected!.why})`,
  };
}

/** The test command with `{tests}` replaced by the test files, each shell-quoted. */
export function withTestFiles(test: RepositoryTest, files: readonly string[]): RepositoryTest {
  const quoted = files.map((file) => `'${file.replaceAll("'", "'\\''")}'`).join(' ');
  return { ...test, command: test.command.split(TESTS_PLACEHOLDER).join(quoted).trimEnd() };
}

/** Reads a runner mapping file, refusing one that does not parse with the field named. */
export async function readRunnerMapping(path: string): Promise<RunnerMapping> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new CrossoverError('not-found', `${path}: cannot read the runner mapping (${error.code ?? error.message})`);
  });
  return parseWith(RunnerMappingSchema, parseJsonText(text, path), path);
}
