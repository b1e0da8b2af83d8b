import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Repository, RepositorySchema, SurfaceSchema } from '../../contracts/corpus.js';
import { CrossoverError, parseWith } from '../../contracts/errors.js';
import { parseOverride } from '../../corpus/dependencies.js';
import { ensureImportedCorpus, importTask } from '../../corpus/import.js';
import type { CliIo, Command } from '../command.js';
import { newTask, TASK_NEW_USAGE } from '../task-new.js';
import { positiveInteger } from './options.js';

const USAGE =
  'task import --repo <git dir> --base <commit> --fix <commit> --id <id> [--issue <file>] [--test-files <glob>]... [--corpus <dir>] [--test <command>] [--format junit|tap|jest-json] [--result <file>] [--setup <command>] [--setup-output <path>]... [--category <id>] [--surface api|browser|cli|library] [--timeout <s>] [--runs <n>] [--override <dependency>=<version>|-]...';

/** node:test with its JUnit reporter: runs wherever Node does, no dependency needed. */
const DEFAULT_TEST = 'node --test --test-reporter=junit --test-reporter-destination="$CROSSOVER_RESULTS/junit.xml"';

function required(value: string | undefined, flag: string): string {
  if (value === undefined || value === '')
    throw new CrossoverError('invalid-input', `--${flag} is required; usage: crossover ${USAGE}`);
  return value;
}

async function runImport(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      repo: { type: 'string' },
      base: { type: 'string' },
      fix: { type: 'string' },
      id: { type: 'string' },
      issue: { type: 'string' },
      'test-files': { type: 'string', multiple: true },
      corpus: { type: 'string', default: 'corpus-imported' },
      test: { type: 'string', default: DEFAULT_TEST },
      format: { type: 'string', default: 'junit' },
      result: { type: 'string', default: 'junit.xml' },
      setup: { type: 'string' },
      'setup-output': { type: 'string', multiple: true },
      category: { type: 'string', default: 'imported' },
      surface: { type: 'string', default: 'library' },
      timeout: { type: 'string', default: '600' },
      runs: { type: 'string', default: '3' },
      override: { type: 'string', multiple: true },
    },
  });
  if (positionals.length > 0)
    throw new CrossoverError('invalid-input', `unexpected argument "${positionals[0]}"; usage: crossover ${USAGE}`);
  const repository: Repository = parseWith(
    RepositorySchema,
    {
      test: { command: values.test, format: values.format, resultFile: values.result },
      ...(values.setup
        ? { setup: { command: values.setup, outputs: values['setup-output'] ?? ['node_modules'] } }
        : {}),
      failToPass: ['computed by the import'],
      passToPass: [],
    },
    'the task import options',
  );
  const surface = parseWith(SurfaceSchema, values.surface, '--surface');
  const corpusDir = resolve(io.cwd, values.corpus);
  await ensureImportedCorpus(corpusDir, values.category);
  const issue = values.issue === undefined ? undefined : await readFile(resolve(io.cwd, values.issue), 'utf8');
  const { task, excluded } = await importTask({
    repo: resolve(io.cwd, required(values.repo, 'repo')),
    base: required(values.base, 'base'),
    fix: required(values.fix, 'fix'),
    id: required(values.id, 'id'),
    corpusDir,
    root: io.cwd,
    ...(issue === undefined ? {} : { issue }),
    ...(values['test-files'] ? { testFiles: values['test-files'] } : {}),
    test: repository.test,
    ...(repository.setup ? { setup: repository.setup } : {}),
    category: values.category,
    surface,
    timeoutSec: Number(values.timeout),
    runs: positiveInteger(values.runs, '--runs'),
    overrides: (values.override ?? []).map((text) => parseOverride(text, '--override')),
  });
  const lists = task.task.repository!;
  io.out(
    `${task.dir}: ${lists.failToPass.length} fail-to-pass, ${lists.passToPass.length} pass-to-pass tests; task digest ${task.digest}\n`,
  );
  for (const test of excluded) io.err(`left out: ${test.id}: ${test.reason}\n`);
  return 0;
}

export const taskCommand: Command = {
  usage: `${TASK_NEW_USAGE}\n       crossover ${USAGE}`,
  async run(argv, io) {
    const [sub, ...rest] = argv;
    if (sub === 'new') return newTask(rest, io);
    if (sub !== 'import')
      throw new CrossoverError(
        'invalid-input',
        `expected a sub-command: new or import${sub ? `; got "${sub}"` : ''}; usage: crossover ${TASK_NEW_USAGE} | ${USAGE}`,
      );
    return runImport(rest, io);
  },
};
