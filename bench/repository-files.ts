/**
 * The file work of one trial on a large repository task beside a bundled compact task (issue 20).
 * Prints figures; asserts nothing (no timing assertions in tests).
 *
 * Two generated 15k-file tasks: "in-tree", 15,000 files all in the workspace (a repository that
 * commits its dependencies: the worst case), and "setup", 2,000 source files in the workspace plus
 * a generated dependency tree of 13,000 files that its setup command writes into node_modules
 * (given to trials read-only, never copied). Beside them, corpus/tasks/cli-config-merge.
 *
 * Set-up: the workspace (the task snapshot checked against the task's digest, built once per task
 * digest: cold, then warm; the tree model it reads is the starting tree the trial compares with
 * after the agent; then, under bubblewrap, the fresh copy, one `cp`; under the container backend, a
 * copy-on-write overlay of the agent-owned snapshot), the setup lookup (warm) and the hand-over to
 * the agent's uid (one `chown -R` of what root owns). Post-agent: the one workspace scan (diff,
 * contamination, tampering, hidden tests all use it), the tampering rules, the hidden tests put
 * back (repository tasks) and removing the trial folder (one `rm -rf`, after the overlay's
 * unmount). The suite run, the agent and container starts are not file work and are left out.
 * Target: under 3 s of file work per trial for 15k files, in both backends.
 *
 *   npm run bench:repository
 */
import { randomUUID } from 'node:crypto';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LoadedTask, loadTask } from '../src/corpus/load.js';
import { ensureSetup } from '../src/corpus/setup.js';
import type { SnapshotOwner } from '../src/corpus/snapshot.js';
import { applyHiddenTests } from '../src/grading/repository-tests.js';
import { detectTampering } from '../src/grading/tampering.js';
import { scanWorkspace } from '../src/grading/workspace-scan.js';
import { handOver, requireSandbox } from '../src/io/sandbox.js';
import { attemptWorkspace, removeTrialTree } from '../src/trial/workspace.js';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const COMPACT = join(REPO, 'corpus/tasks/cli-config-merge');
const TRIALS = 3;
const FILES = 15_000;
const SOURCE_FILES = 2_000;

async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

/** A source file of a few dozen lines, different in every module. */
function source(module: number, file: number): string {
  const lines = [`// module ${module}, file ${file}`];
  for (let i = 0; i < 30; i += 1) lines.push(`export const v${i} = ${module * 1000 + file * 31 + i};`);
  return `${lines.join('\n')}\n`;
}

/** A generator of `count` files of a dependency tree (packages of 20 files), run by the setup command. */
function dependencyGenerator(count: number): string {
  return `import { mkdirSync, writeFileSync } from 'node:fs';
for (let i = 0; i < ${count}; i += 1) {
  const dir = 'node_modules/dep-' + Math.floor(i / 20) + '/lib';
  mkdirSync(dir, { recursive: true });
  writeFileSync(dir + '/f' + (i % 20) + '.js', 'module.exports = ' + i + ';\\n');
}
`;
}

/** A repository task of `workspaceFiles` source files, and a setup that generates `dependencyFiles` more. */
async function largeTask(dir: string, workspaceFiles: number, dependencyFiles: number): Promise<string> {
  const repository = {
    ...(dependencyFiles > 0
      ? { setup: { command: 'node gen-deps.mjs', outputs: ['node_modules'], timeoutSec: 600 } }
      : {}),
    test: { command: 'true', format: 'junit', resultFile: 'junit.xml' },
    failToPass: ['big > works'],
    passToPass: [],
  };
  await put(
    join(dir, 'task.json'),
    JSON.stringify({
      schema: 'crossover.task/1',
      id: 'big',
      title: 'a large generated repository',
      category: 'boundary-logic',
      surface: 'library',
      timeoutSec: 60,
      repository,
    }),
  );
  await put(join(dir, 'prompt.md'), 'Fix it.\n');
  await put(join(dir, 'workspace/package.json'), '{ "name": "big", "type": "module" }\n');
  if (dependencyFiles > 0) await put(join(dir, 'workspace/gen-deps.mjs'), dependencyGenerator(dependencyFiles));
  const perModule = 50;
  for (let i = 0; i < workspaceFiles - 2; i += 1)
    await put(
      join(dir, `workspace/src/m${Math.floor(i / perModule)}/f${i % perModule}.js`),
      source(i / perModule, i % perModule),
    );
  await put(join(dir, 'checks/test/big.test.js'), "import { test } from 'node:test';\ntest('works', () => {});\n");
  await put(join(dir, 'reference/src/m0/f0.js'), 'export const fixed = true;\n');
  return dir;
}

type Phase = 'workspace' | 'setup' | 'handOver' | 'scan' | 'tampering' | 'hidden' | 'remove';
type Backend = 'bubblewrap' | 'container';

async function timed<T>(times: Partial<Record<Phase, number>>, phase: Phase, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const value = await work();
  times[phase] = (times[phase] ?? 0) + (performance.now() - started);
  return value;
}

/** One trial's file work under `backend`, phase by phase, in ms. */
async function trialFileWork(
  root: string,
  task: LoadedTask,
  backend: Backend,
): Promise<Partial<Record<Phase, number>>> {
  const { identity } = await requireSandbox();
  // What execute.ts chooses (trial-sandbox.ts): copy-on-write for a container trial of a root harness.
  const owner: SnapshotOwner | null =
    backend === 'container' && identity.kind === 'unprivileged' ? { uid: identity.uid, gid: identity.gid } : null;
  const times: Partial<Record<Phase, number>> = {};
  const trialDir = join(root, 'trials', randomUUID());
  const { snapshot, workspace } = await timed(times, 'workspace', () => attemptWorkspace(root, task, trialDir, owner));
  await timed(times, 'setup', () => ensureSetup(root, task));
  await timed(times, 'handOver', () => handOver([workspace], identity));
  await writeFile(join(workspace, 'package.json'), '{ "name": "big", "type": "module", "edited": true }\n');
  const scan = await timed(times, 'scan', () => scanWorkspace(workspace));
  // The starting tree is the model the snapshot was checked with: the trial does not read it again.
  const start = snapshot.model;
  await timed(times, 'tampering', () => detectTampering(task, scan, start));
  if (task.task.repository)
    await timed(times, 'hidden', () => applyHiddenTests(task.dir, workspace, { start, graded: scan.model }));
  await timed(times, 'remove', () => removeTrialTree(trialDir));
  return times;
}

const SET_UP: Phase[] = ['workspace', 'setup', 'handOver'];
const POST_AGENT: Phase[] = ['scan', 'tampering', 'hidden', 'remove'];

function sum(times: Partial<Record<Phase, number>>, phases: Phase[]): number {
  return phases.reduce((total, phase) => total + (times[phase] ?? 0), 0);
}

async function measure(name: string, taskDir: string, backend: Backend): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'crossover-bench-repo-'));
  await chmod(root, 0o755);
  try {
    const task = await loadTask(taskDir);
    const cold = await trialFileWork(root, task, backend);
    const warm: Partial<Record<Phase, number>>[] = [];
    for (let i = 0; i < TRIALS; i += 1) warm.push(await trialFileWork(root, task, backend));
    // The trial whose whole file work is the median: its phases are the figures printed.
    const all = [...SET_UP, ...POST_AGENT];
    const middle = [...warm].sort((a, b) => sum(a, all) - sum(b, all))[Math.floor(TRIALS / 2)]!;
    const setUp = sum(middle, SET_UP);
    const postAgent = sum(middle, POST_AGENT);
    const detail = all.map((phase) => `${phase} ${Math.round(middle[phase] ?? 0)}`).join(', ');
    console.log(
      `${`${name} (${backend})`.padEnd(48)} set-up ${(setUp / 1000).toFixed(2)} s, post-agent ${(postAgent / 1000).toFixed(2)} s, ` +
        `file work ${((setUp + postAgent) / 1000).toFixed(2)} s per trial (median of ${TRIALS}; first trial ${(sum(cold, all) / 1000).toFixed(2)} s, setup and snapshot built)`,
    );
    console.log(`${''.padEnd(48)} ms: ${detail}`);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

const scratch = await mkdtemp(join(tmpdir(), 'crossover-bench-tasks-'));
try {
  console.log(`trial file work, ${TRIALS} trials each after a first one; target under 3 s per trial for 15k files`);
  const inTree = await largeTask(join(scratch, 'in-tree', 'big'), FILES, 0);
  const withSetup = await largeTask(join(scratch, 'setup', 'big'), SOURCE_FILES, FILES - SOURCE_FILES);
  for (const backend of ['bubblewrap', 'container'] as const) {
    await measure('compact: cli-config-merge', COMPACT, backend);
    await measure(`15k in-tree: ${FILES} workspace files`, inTree, backend);
    await measure(`15k setup: ${SOURCE_FILES} + ${FILES - SOURCE_FILES} deps`, withSetup, backend);
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}
