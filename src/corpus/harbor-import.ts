import { access, chmod, copyFile, cp, lstat, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, posix } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { prettyJson } from '../contracts/canonical.js';
import type { Task } from '../contracts/corpus.js';
import { CrossoverError, errorReason, parseWith } from '../contracts/errors.js';
import { type HarborTaskToml, HarborTaskTomlSchema } from '../contracts/harbor.js';
import { HARBOR_TESTS_DIR, HARBOR_WORKDIR } from '../grading/harbor-verifier.js';
import { REWARD_CHECK } from '../grading/test-results.js';
import { mapBounded } from '../io/bounded.js';
import type { ContainerPlace } from '../io/container.js';
import { type DockerfilePlan, readDockerfile } from './dockerfile.js';
import { resolveEnvironment } from './environment.js';
import { builtImagePlace } from './environment-build.js';
import { EXPORTED } from './harbor-layout.js';
import { harborRewardKeys } from './harbor-rewards.js';
import { solutionOverlay } from './harbor-solution.js';
import { TaskStaging } from './staging.js';
import { taskIdOf } from './task-id.js';

const AGENT_LIMIT_SEC = 600;
const TEST_LIMIT_SEC = 3600;
const SOLVE_TIMEOUT_MS = 600_000;

export interface HarborImportOptions {
  /** a Harbor task directory, or a directory of them */
  dir: string;
  corpusDir: string;
  category: string;
  onTask?: (outcome: HarborOutcome, done: number, total: number) => void;
}

/** What became of one Harbor task directory. */
export type HarborOutcome =
  | { source: string; id: string; kept: boolean; native: boolean; notes: string[] }
  | { source: string; reason: string };

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** The task directories under `dir` (or `dir` itself), and the folders that are none. */
async function taskDirectories(dir: string): Promise<{ dirs: string[]; skipped: HarborOutcome[] }> {
  if (await exists(join(dir, 'task.toml'))) return { dirs: [dir], skipped: [] };
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
  const dirs: string[] = [];
  const skipped: HarborOutcome[] = [];
  for (const name of names)
    if (await exists(join(dir, name, 'task.toml'))) dirs.push(join(dir, name));
    else skipped.push({ source: name, reason: 'no task.toml: not a Harbor task directory' });
  return { dirs, skipped };
}

/** A task Crossover exported: its parts put back where they were, task.json byte for byte. */
async function restoreExported(source: string, dest: string): Promise<void> {
  const put = async (from: string, to: string, required: boolean) => {
    if (!(await exists(join(source, from)))) {
      if (required) throw new CrossoverError('invalid-input', `${from}: missing from a task Crossover exported`);
      return;
    }
    await cp(join(source, from), join(dest, to), { recursive: true, verbatimSymlinks: true });
  };
  await mkdir(dest, { recursive: true });
  await put(EXPORTED.taskJson, 'task.json', true);
  await put('instruction.md', 'prompt.md', true);
  await put(EXPORTED.workspace, 'workspace', true);
  await put(EXPORTED.reference, 'reference', true);
  await put(EXPORTED.checks, 'checks', true);
  await put(EXPORTED.decoys, 'decoys', false);
  await put(EXPORTED.history, 'history.bundle', false);
}

/** The build-context files the Dockerfile copies into its WORKDIR, written as the starting tree. */
async function copyContext(context: string, plan: DockerfilePlan, workspace: string): Promise<void> {
  await mkdir(workspace, { recursive: true });
  const workdir = plan.workdir ?? HARBOR_WORKDIR;
  for (const copy of plan.copies) {
    const inside = copy.dest.replace(/\/$/, '');
    if (inside !== workdir && !inside.startsWith(`${workdir}/`)) continue;
    const relative = posix.relative(workdir, inside);
    for (const source of copy.sources) {
      const from = join(context, source);
      const found = await lstat(from).catch(() => null);
      if (!found)
        throw new CrossoverError(
          'invalid-input',
          `environment/Dockerfile: copies ${source}, which the build context lacks`,
        );
      if (found.isDirectory()) await cp(from, join(workspace, relative), { recursive: true, verbatimSymlinks: true });
      else {
        const into = copy.dest.endsWith('/') || copy.sources.length > 1;
        const target = join(workspace, relative, into ? basename(source) : '');
        await mkdir(dirname(target), { recursive: true });
        await copyFile(from, target);
        await chmod(target, found.mode & 0o111 ? 0o755 : 0o644);
      }
    }
  }
}

/** reward.txt unless the tests only ever name reward.json (Harbor reads reward.txt first). */
async function rewardFile(tests: string): Promise<'reward.txt' | 'reward.json'> {
  let json = false;
  for (const entry of await readdir(tests, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const text = await readFile(join(entry.parentPath, entry.name), 'utf8').catch(() => '');
    if (text.includes('reward.txt')) return 'reward.txt';
    json ||= text.includes('reward.json');
  }
  return json ? 'reward.json' : 'reward.txt';
}

/** What could not be done for a Harbor task, noted after `lead`: not a refusal, the task is imported all the same. */
function noted<T>(notes: string[], lead: string, fallback?: T): (error: unknown) => T {
  return (error) => {
    if (!(error instanceof CrossoverError)) throw error;
    notes.push(`${lead}: ${error.message}`);
    return fallback as T;
  };
}

/**
 * The reference overlay a Harbor task's solution/solve.sh makes: run in a fresh container of the
 * task's image (built now when it is not on this machine), its own toolchain; on a machine without
 * a container engine or the image's base, on the host when the Dockerfile only copies files. What
 * could not be done is noted, and the task imported all the same (its verification then says why
 * it does not qualify).
 */
async function harborReference(source: string, dest: string, plan: DockerfilePlan, notes: string[]): Promise<void> {
  if (!(await exists(join(source, 'solution/solve.sh')))) {
    notes.push('no solution/solve.sh: the task has no reference');
    return;
  }
  const hidden = ['checks', 'reference', 'solution'].map((part) => join(dest, part));
  const environment = await resolveEnvironment({ dockerfile: 'environment/Dockerfile' }, dest, 'task.json', hidden);
  if (!('dockerfile' in environment)) throw new Error('a Harbor task declares a Dockerfile');
  const place = await builtImagePlace(environment, () => {});
  const overlay = (container: ContainerPlace | null) =>
    solutionOverlay({
      workspace: join(dest, 'workspace'),
      solution: join(source, 'solution'),
      reference: join(dest, 'reference'),
      workdir: plan.workdir,
      timeoutMs: SOLVE_TIMEOUT_MS,
      container,
    }).catch(noted(notes, 'no reference', 0));
  if (!('reason' in place)) await overlay(place);
  else if (plan.blockers.length === 0) {
    notes.push(`the reference was made on the host's toolchain: the image is not here (${place.reason})`);
    await overlay(null);
  } else
    notes.push(
      `no reference: its Dockerfile has ${plan.blockers.join('; ')}, which only its image can stand for, and the image is not here (${place.reason}); the reference and verification wait for the container backend`,
    );
}

/** task.toml's data, or a refusal naming the file and TOML's own complaint. */
function tomlData(text: string, source: string): unknown {
  try {
    return parseToml(text);
  } catch (error) {
    throw new CrossoverError('invalid-input', `${source}: not valid TOML (${errorReason(error).split('\n')[0]})`);
  }
}

function clamp(value: number | undefined, fallback: number, max: number): number {
  return Math.max(1, Math.min(max, Math.round(value ?? fallback)));
}

/** What a Harbor task's task.json is made from. */
interface HarborParts {
  id: string;
  /** the task directory's name */
  name: string;
  toml: HarborTaskToml;
  instruction: string;
  category: string;
  plan: DockerfilePlan;
  resultFile: string;
}

/** The task.json of a Harbor task: its tests' reward the one check (or reward.json's names), its Dockerfile the environment. */
function harborTaskJson(
  { id, name, toml, instruction, category, plan, resultFile }: HarborParts,
  checks: string[],
): Task {
  const firstLine = instruction
    .split('\n')
    .map((line) => line.replace(/^#+\s*/, '').trim())
    .find((line) => line !== '');
  return {
    schema: 'crossover.task/1',
    id,
    title: (toml.task?.description ?? firstLine ?? name).slice(0, 200),
    category,
    surface: 'cli',
    timeoutSec: clamp(toml.agent?.timeout_sec, AGENT_LIMIT_SEC, AGENT_LIMIT_SEC),
    repository: {
      test: {
        command: 'bash /tests/test.sh',
        format: 'harbor-reward',
        resultFile,
        timeoutSec: clamp(toml.verifier?.timeout_sec, 600, TEST_LIMIT_SEC),
        workdir: plan.workdir !== null && plan.workdir !== '/' ? plan.workdir : HARBOR_WORKDIR,
      },
      failToPass: checks,
      passToPass: [],
    },
    environment: { dockerfile: 'environment/Dockerfile' },
    protectedPaths: [],
    source: { kind: 'harbor', instance: (toml.task?.name ?? name).slice(0, 200) },
  };
}

/**
 * A Harbor task of someone else's as a Crossover task: instruction.md the prompt, the files its
 * Dockerfile copies into the WORKDIR the starting tree, tests/ the hidden check (its reward),
 * environment/ kept for the container backend. When the Dockerfile only copies files, solve.sh runs
 * on the host to make the reference overlay; otherwise that waits for the container backend (noted).
 */
async function importForeign(
  source: string,
  dest: string,
  id: string,
  options: HarborImportOptions,
): Promise<string[]> {
  const name = basename(source);
  const tomlText = await readFile(join(source, 'task.toml'), 'utf8');
  const toml = parseWith(HarborTaskTomlSchema, tomlData(tomlText, join(name, 'task.toml')), join(name, 'task.toml'));
  const instruction = await readFile(join(source, 'instruction.md'), 'utf8').catch(() => {
    throw new CrossoverError('invalid-input', 'no instruction.md: the task has no prompt');
  });
  if (!(await exists(join(source, 'tests/test.sh'))))
    throw new CrossoverError('invalid-input', 'no tests/test.sh: the task has no verifier');
  const dockerfile = await readFile(join(source, 'environment/Dockerfile'), 'utf8').catch(() => {
    const image = toml.environment?.docker_image;
    throw new CrossoverError(
      'invalid-input',
      image
        ? `no environment/Dockerfile, only the image ${image}: Crossover takes an image by digest (name@sha256:…) or a Dockerfile`
        : 'no environment/Dockerfile: the task has no environment',
    );
  });
  const plan = readDockerfile(dockerfile);
  const notes: string[] = [];
  await mkdir(dest, { recursive: true });
  await writeFile(join(dest, 'prompt.md'), instruction);
  await cp(join(source, 'environment'), join(dest, 'environment'), { recursive: true, verbatimSymlinks: true });
  await cp(join(source, 'tests'), join(dest, 'checks', HARBOR_TESTS_DIR), { recursive: true, verbatimSymlinks: true });
  await copyContext(join(source, 'environment'), plan, join(dest, 'workspace'));
  await mkdir(join(dest, 'reference'), { recursive: true });
  if (await exists(join(source, 'solution')))
    await cp(join(source, 'solution'), join(dest, 'solution'), { recursive: true, verbatimSymlinks: true });
  const hostRuns = plan.blockers.length === 0;
  await harborReference(source, dest, plan, notes);
  const resultFile = await rewardFile(join(source, 'tests'));
  const parts = { id, name, toml, instruction, category: options.category, plan, resultFile };
  const draft = harborTaskJson(parts, [REWARD_CHECK]);
  const checks =
    resultFile === 'reward.json' && hostRuns
      ? await harborRewardKeys(dest, draft).catch(
          noted(notes, "reward.json's names wait for the container backend", [REWARD_CHECK]),
        )
      : [REWARD_CHECK];
  if ((toml.agent?.timeout_sec ?? 0) > AGENT_LIMIT_SEC)
    notes.push(`the agent's ${toml.agent!.timeout_sec} s limit is clamped to Crossover's ${AGENT_LIMIT_SEC} s`);
  await writeFile(join(dest, 'task.json'), prettyJson(harborTaskJson(parts, checks)));
  return notes;
}

/** One task directory into the corpus, built in staging and moved in whole (TaskStaging). */
async function importOne(source: string, options: HarborImportOptions): Promise<HarborOutcome> {
  const name = basename(source);
  const id = taskIdOf(name);
  if (await stat(join(options.corpusDir, 'tasks', id)).catch(() => null))
    return { source: name, id, kept: true, native: false, notes: [] };
  const staging = new TaskStaging(options.corpusDir, id);
  try {
    const dest = await staging.create();
    const native = await exists(join(source, EXPORTED.taskJson));
    const notes = native ? [] : await importForeign(source, dest, id, options);
    if (native) await restoreExported(source, dest);
    await staging.commit(options.corpusDir);
    return { source: name, id, kept: false, native, notes };
  } catch (error) {
    if (!(error instanceof CrossoverError)) throw error;
    return { source: name, reason: error.message.split(staging.dir).join(`tasks/${id}`) };
  } finally {
    await staging.discard();
  }
}

/**
 * Imports Harbor task directories into a corpus: each becomes a task (restored byte for byte when
 * Crossover exported it) or is listed with the reason it could not.
 */
export async function importHarbor(options: HarborImportOptions): Promise<HarborOutcome[]> {
  const { dirs, skipped } = await taskDirectories(options.dir);
  let done = 0;
  const total = dirs.length + skipped.length;
  for (const outcome of skipped) options.onTask?.(outcome, ++done, total);
  const imported = await mapBounded(dirs, 1, async (dir) => {
    const outcome = await importOne(dir, options);
    options.onTask?.(outcome, ++done, total);
    return outcome;
  });
  return [...skipped, ...imported];
}
