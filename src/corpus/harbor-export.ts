import { access, chmod, cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify as stringifyToml } from 'smol-toml';
import { CrossoverError } from '../contracts/errors.js';
import { entryModule, standaloneScript } from '../io/rolldown.js';
import { HISTORY_BUNDLE } from './git-history.js';
import { EXPORTED } from './harbor-layout.js';
import type { LoadedCorpus, LoadedTask } from './load.js';

/** The image an exported task builds on: Node (the verdict runs on it) and Debian's tools. */
const BASE_IMAGE = 'node:20-bookworm';

/** What became of one task: the Harbor directory written, or why none. */
export type ExportOutcome = { id: string; dir: string } | { id: string; reason: string };

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** The verdict script's entry: the built module beside this one, or the source when running from it. */
async function verdictEntry(): Promise<string> {
  const entry = await entryModule(new URL('../grading/harbor-verdict-main', import.meta.url));
  if (entry !== null) return entry;
  throw new CrossoverError(
    'infrastructure',
    'the verdict script (grading/harbor-verdict-main) is missing from this install',
  );
}

function dockerfile(task: LoadedTask): string {
  const repository = task.task.repository!;
  const lines = [
    `# Crossover task ${task.task.id}, exported: its starting tree at /app, its setup run once at build.`,
    `FROM ${BASE_IMAGE}`,
    ...(/\bpytest\b/.test(repository.test.command)
      ? [
          'RUN apt-get update && apt-get install -y --no-install-recommends python3-pytest && rm -rf /var/lib/apt/lists/*',
        ]
      : []),
    'WORKDIR /app',
    'COPY workspace/ /app/',
    ...(repository.setup ? [`RUN ${repository.setup.command}`] : []),
  ];
  return `${lines.join('\n')}\n`;
}

function testScript(task: LoadedTask): string {
  const { test } = task.task.repository!;
  return `#!/bin/bash
# Crossover's grading of task ${task.task.id}: its hidden tests over /app, the repository's own test
# command, then the verdict of its fail-to-pass and pass-to-pass tests: reward 1 only when all passed.
mkdir -p /logs/verifier
cp -R /tests/hidden/. /app/
results="$(mktemp -d)"
cd /app || exit 1
export CROSSOVER_RESULTS="$results" PATH="/app/node_modules/.bin:$PATH" CI=true
( ${test.command} ) > /logs/verifier/test-output.txt 2>&1
status=$?
node /tests/crossover/verdict.mjs "$results/${test.resultFile}" "$status" /tests/crossover/checks.json > /logs/verifier/reward.txt
`;
}

const SOLVE = (id: string) => `#!/bin/bash
# Crossover task ${id}'s reference: its overlay copied over the starting tree.
set -e
cp -R /solution/reference/. /app/
`;

function taskToml(task: LoadedTask): string {
  const repository = task.task.repository!;
  return stringifyToml({
    version: '1.0',
    metadata: {
      category: task.task.category,
      tags: ['crossover', task.task.surface],
      crossover_task: task.task.id,
      crossover_digest: task.digest,
    },
    verifier: { timeout_sec: repository.test.timeoutSec + 60 },
    agent: { timeout_sec: task.task.timeoutSec },
    environment: { build_timeout_sec: repository.setup?.timeoutSec ?? 600 },
  });
}

async function writeScript(path: string, text: string): Promise<void> {
  await writeFile(path, text);
  await chmod(path, 0o755);
}

/** One repository task as a Harbor task directory; crossover/ keeps task.json, decoys and history for a lossless import. */
async function exportTask(task: LoadedTask, dir: string, verdict: string): Promise<void> {
  const repository = task.task.repository!;
  const copy = (from: string, to: string) =>
    cp(join(task.dir, from), join(dir, to), { recursive: true, verbatimSymlinks: true });
  await mkdir(join(dir, 'environment'), { recursive: true });
  await mkdir(join(dir, 'solution'), { recursive: true });
  await mkdir(join(dir, 'tests/crossover'), { recursive: true });
  await mkdir(join(dir, 'crossover'), { recursive: true });
  await writeFile(join(dir, 'task.toml'), `${taskToml(task)}\n`);
  await writeFile(join(dir, 'instruction.md'), await readFile(join(task.dir, 'prompt.md')));
  await writeFile(join(dir, 'environment/Dockerfile'), dockerfile(task));
  await copy('workspace', EXPORTED.workspace);
  await writeScript(join(dir, 'solution/solve.sh'), SOLVE(task.task.id));
  await copy('reference', EXPORTED.reference);
  await writeScript(join(dir, 'tests/test.sh'), testScript(task));
  await copy('checks', EXPORTED.checks);
  await writeFile(join(dir, EXPORTED.verdict), verdict);
  const lists = {
    format: repository.test.format,
    failToPass: repository.failToPass,
    passToPass: repository.passToPass,
  };
  await writeFile(join(dir, EXPORTED.lists), `${JSON.stringify(lists, null, 2)}\n`);
  await writeFile(join(dir, EXPORTED.taskJson), await readFile(join(task.dir, 'task.json')));
  if (task.decoys.length > 0) await copy('decoys', EXPORTED.decoys);
  if (task.parts.history !== undefined) await copy(HISTORY_BUNDLE, EXPORTED.history);
}

/**
 * Writes a corpus's repository tasks as Harbor task directories under `out` (one per task, by id),
 * so other tools can run them and results can be compared; a task Harbor's verifier cannot grade
 * (a compact task's check modules, a Harbor task's own reward) is listed with the reason.
 */
export async function exportHarbor(
  corpus: LoadedCorpus,
  out: string,
  taskIds?: readonly string[],
): Promise<ExportOutcome[]> {
  const wanted = taskIds ? new Set(taskIds) : null;
  for (const id of wanted ?? [])
    if (!corpus.tasks.some((task) => task.task.id === id))
      throw new CrossoverError('not-found', `${join(corpus.dir, 'tasks')}: no task "${id}"`);
  const verdict = await standaloneScript(await verdictEntry());
  const outcomes: ExportOutcome[] = [];
  for (const task of corpus.tasks.filter((t) => wanted === null || wanted.has(t.task.id))) {
    const { repository } = task.task;
    if (!repository) {
      outcomes.push({
        id: task.task.id,
        reason: "a compact task: its checks are Crossover check modules, which Harbor's verifier cannot run",
      });
      continue;
    }
    if (repository.test.format === 'harbor-reward') {
      outcomes.push({ id: task.task.id, reason: 'imported from Harbor: its own task directory is the Harbor form' });
      continue;
    }
    const dir = join(out, task.task.id);
    if (await exists(dir))
      throw new CrossoverError('conflict', `${dir}: already exists; export into an empty directory`);
    try {
      await exportTask(task, dir, verdict);
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
    outcomes.push({ id: task.task.id, dir });
  }
  return outcomes;
}
