import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CrossoverError } from '../../contracts/errors.js';
import { buildEnvironments } from '../../corpus/environment-build.js';
import { type LoadedTask, loadCorpus, loadTask } from '../../corpus/load.js';
import { loadExperiment } from '../../plan/load-experiment.js';
import type { CliIo, Command } from '../command.js';

const USAGE = 'env build <experiment.ts> | env build --corpus <dir> | env build --task <dir>...';

/** The tasks to build for, and whether the base image counts (an experiment under sandbox container). */
async function chosenTasks(
  positionals: string[],
  values: { corpus?: string | undefined; task?: string[] | undefined },
  cwd: string,
): Promise<{ tasks: LoadedTask[]; withBase: boolean }> {
  const [experimentFile, ...extra] = positionals;
  const forms = [experimentFile !== undefined, values.corpus !== undefined, values.task !== undefined];
  if (extra.length > 0 || forms.filter(Boolean).length !== 1)
    throw new CrossoverError('invalid-input', `expected one experiment, --corpus or --task; usage: crossover ${USAGE}`);
  if (values.task !== undefined)
    return { tasks: await Promise.all(values.task.map((dir) => loadTask(resolve(cwd, dir)))), withBase: false };
  if (values.corpus !== undefined)
    return { tasks: (await loadCorpus(resolve(cwd, values.corpus))).tasks, withBase: false };
  const loaded = await loadExperiment(resolve(cwd, experimentFile!));
  const corpus = await loadCorpus(resolve(loaded.dir, loaded.experiment.corpus));
  const listed = loaded.experiment.tasks;
  const tasks = listed === undefined ? corpus.tasks : corpus.tasks.filter((task) => listed.includes(task.task.id));
  return { tasks, withBase: loaded.experiment.sandbox === 'container' };
}

/**
 * `crossover env build`: builds the container images a corpus's tasks declare, once per digest of
 * each Dockerfile and its context, and checks the ones named by digest are on this machine.
 */
export const envCommand: Command = {
  usage: USAGE,
  async run(argv, io: CliIo) {
    const [sub, ...rest] = argv;
    if (sub !== 'build')
      throw new CrossoverError(
        'invalid-input',
        `expected a sub-command: build${sub ? `; got "${sub}"` : ''}; usage: crossover ${USAGE}`,
      );
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: { corpus: { type: 'string' }, task: { type: 'string', multiple: true } },
    });
    const { tasks, withBase } = await chosenTasks(positionals, values, io.cwd);
    const outcome = await buildEnvironments(tasks, { withBase, root: io.cwd, progress: (line) => io.out(`${line}\n`) });
    io.out(`${outcome.built} built, ${outcome.present} already here, ${outcome.failed.length} missing\n`);
    for (const failure of outcome.failed) io.err(`missing: ${failure}\n`);
    return outcome.failed.length === 0 ? 0 : 1;
  },
};
