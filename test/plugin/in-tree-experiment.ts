import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Receipt, ReceiptSchema } from '../../src/contracts/receipt.js';
import { loadTask } from '../../src/corpus/load.js';
import { treeDigest } from '../../src/io/tree.js';
import { cli, planDir, receiptNames } from './project.js';

/** The one task these experiments run: a library task, no browser. */
export const TASK = 'valid-node';

/** Where the in-tree fixture's index command appends its flavour to builds.log, once per build (relative to the project). */
const BUILDS_DIR = 'index-builds';

export interface InTreeExperiment {
  /** experiment id (names its state directory) */
  id: string;
  /** what the index command writes into its in-tree index, and so what the server answers */
  flavour: string;
  /** treatment arms, each querying the one provider */
  treatments: number;
  repeats: number;
}

/**
 * An experiment on one task: a baseline and `treatments` arms whose synthetic agent calls the
 * in-tree fixture provider (fixtures/providers/in-tree) `flavoured`. Two experiments with different
 * flavours declare one provider id two ways.
 */
function experimentSource(experiment: InTreeExperiment): string {
  const treatments = Array.from(
    { length: experiment.treatments },
    (_, i) =>
      `{ id: 'context-${i + 1}', role: 'treatment', provider: 'flavoured', allowedTools: ['read_index'],
      agent: { adapter: 'synthetic', behavior: 'noop', queryProvider: true } },`,
  );
  return `import { defineExperiment } from 'crossover';

export default defineExperiment({
  id: ${JSON.stringify(experiment.id)},
  stage: 0,
  corpus: '../corpus',
  tasks: [${JSON.stringify(TASK)}],
  agent: { adapter: 'synthetic', behavior: 'noop' },
  providers: [
    {
      id: 'flavoured',
      kind: 'search',
      mode: 'local',
      version: '1.0.0',
      interface: { type: 'mcp-stdio', command: 'node', args: ['../fixtures/providers/in-tree/server.mjs'] },
      index: {
        command: 'node',
        args: ['../fixtures/providers/in-tree/index.mjs', ${JSON.stringify(experiment.flavour)}, '../${BUILDS_DIR}'],
        inTree: ['.flavour'],
      },
      allowedTools: ['read_index'],
    },
  ],
  arms: [
    { id: 'baseline', role: 'baseline' },
    ${treatments.join('\n    ')}
  ],
  repeats: ${experiment.repeats},
  promptTemplate: 'prompts/default.md',
  sandbox: 'none',
});
`;
}

/**
 * Writes experiments/<id>.ts into the project and probes it as its trials run, bare (a sandboxed
 * index command could not append to the builds log); returns its path relative to the project.
 */
export async function addInTreeExperiment(root: string, experiment: InTreeExperiment): Promise<string> {
  const file = `experiments/${experiment.id}.ts`;
  // A path argument must exist when the plan binds it.
  await mkdir(join(root, BUILDS_DIR), { recursive: true });
  await writeFile(join(root, file), experimentSource(experiment));
  const probed = await cli(root, ['probe', file, '--sandbox', 'none']);
  if (probed.code !== 0) throw new Error(`crossover probe ${file} failed: ${probed.err}`);
  return file;
}

/** The flavours the index command has built so far, one per build, in order. */
export async function indexBuilds(root: string): Promise<string[]> {
  const text = await readFile(join(root, BUILDS_DIR, 'builds.log'), 'utf8').catch(() => '');
  return text.split('\n').filter((line) => line !== '');
}

/**
 * The bytes the proxy records for the server's answer from an index of `flavour`: the text the
 * index command wrote, trimmed as the proxy counts it. Flavours of different lengths tell apart.
 */
export function answerBytesOf(flavour: string): number {
  return Buffer.byteLength(`flavour ${flavour}`);
}

/** The task's shared snapshot in the project's cache, and the tree digest the task says it has. */
export async function snapshotDigests(root: string): Promise<{ snapshot: string; task: string }> {
  const task = await loadTask(join(root, 'corpus/tasks', TASK));
  const dir = join(root, '.crossover/cache/snapshots', task.digest.replace(/^sha256:/, ''));
  return { snapshot: await treeDigest(dir), task: task.parts.workspace };
}

/** The stored receipts of the experiment's one plan, each checked against the receipt schema. */
export async function receiptsOf(root: string, experimentId: string): Promise<Receipt[]> {
  const dir = await planDir(root, experimentId);
  const names = await receiptNames(dir);
  return Promise.all(
    names.map(async (name) => ReceiptSchema.parse(JSON.parse(await readFile(join(dir, 'receipts', name), 'utf8')))),
  );
}
