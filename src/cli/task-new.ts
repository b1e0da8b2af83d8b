import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { IdSchema } from '../contracts/common.js';
import { CorpusSchema, SurfaceSchema } from '../contracts/corpus.js';
import { CrossoverError, parseWith } from '../contracts/errors.js';
import { readArtifact } from '../io/json.js';
import type { CliIo } from './command.js';
import { taskSkeleton } from './scaffold/task-skeleton.js';
import { writeScaffold } from './scaffold/write.js';

export const TASK_NEW_USAGE = 'task new <id> [--corpus <dir>] [--category <id>] [--surface api|browser|cli|library]';

/**
 * `crossover task new <id>`: corpus/tasks/<id>/ from a skeleton in the corpus's layout, filed under
 * one of its categories. Nothing is written over an existing file; verification says what is left.
 */
export async function newTask(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      corpus: { type: 'string', default: 'corpus' },
      category: { type: 'string' },
      surface: { type: 'string', default: 'library' },
    },
  });
  const [given, ...rest] = positionals;
  if (given === undefined || rest.length > 0)
    throw new CrossoverError('invalid-input', `expected one task id; usage: crossover ${TASK_NEW_USAGE}`);
  const id = parseWith(IdSchema, given, '<id>');
  const surface = parseWith(SurfaceSchema, values.surface, '--surface');
  const corpusDir = resolve(io.cwd, values.corpus);
  const corpus = await readArtifact(join(corpusDir, 'corpus.json'), CorpusSchema);
  const categories = corpus.categories.map((c) => c.id);
  const category = values.category ?? categories[0]!;
  if (!categories.includes(category))
    throw new CrossoverError(
      'invalid-input',
      `--category ${category}: corpus ${corpus.id} has no such category (categories: ${categories.join(', ')}); add it to corpus.json first`,
    );
  const taskDir = relative(io.cwd, join(corpusDir, 'tasks', id));
  const files = Object.fromEntries(
    Object.entries(taskSkeleton(id, category, surface)).map(([path, text]) => [join(taskDir, path), text]),
  );
  const written = await writeScaffold(io.cwd, files);
  const verify = `npx crossover corpus verify${values.corpus === 'corpus' ? '' : ` --corpus ${values.corpus}`} --task ${id}`;
  io.out(
    `${written.map((path) => `wrote ${path}`).join('\n')}\n\nnext: write the prompt, the workspace, the checks, the reference and the decoy (corpus/README.md, "Adding a task"), then\n  ${verify}   # until it qualifies\n`,
  );
  return 0;
}
