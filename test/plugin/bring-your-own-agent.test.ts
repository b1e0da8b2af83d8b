import { cp, readdir, readFile, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import type { Plan } from '../../src/contracts/plan.js';
import type { Receipt } from '../../src/contracts/receipt.js';
import type { Scorecard } from '../../src/contracts/scorecard.js';
import { tempDir } from '../helpers/temp.js';
import { type TaskSpec, writeCorpus } from '../plan/helpers.js';
import { cli, crossoverProcess, planDir, REPO, receiptNames, receiptsAppear } from './project.js';

const RUN_TIMEOUT = 900_000;

/** The README's example, as files of this repository, copied into the test's project unchanged. */
const EXAMPLE = [
  'agents/my-agent',
  'experiments/shared.ts',
  'experiments/my-agent-stage1.ts',
  'experiments/my-agent-stage2.ts',
  'experiments/prompts/default.md',
];

/** The commands of the README's "Bring your own agent", in order, with the exit code each ends with here. */
const STEPS: { command: string; exit: number }[] = [
  { command: 'npx crossover probe experiments/my-agent-stage1.ts', exit: 0 },
  { command: 'npx crossover plan experiments/my-agent-stage1.ts', exit: 5 },
  {
    command:
      'npx crossover corpus verify --task api-batch-order --task api-error-envelope --task web-calendar-month-grid --task web-cart-badge-cache',
    exit: 0,
  },
  { command: 'npx crossover run experiments/my-agent-stage1.ts', exit: 0 },
  { command: "grep -A10 '^## Feasibility' .crossover/my-agent-stage1/*/scorecard.md", exit: 0 },
  { command: 'cp .crossover/my-agent-stage1/*/scorecard.json experiments/my-agent-stage1-scorecard.json', exit: 0 },
  { command: 'npx crossover probe experiments/my-agent-stage2.ts', exit: 0 },
  { command: 'npx crossover corpus verify', exit: 0 },
  { command: 'npx crossover plan experiments/my-agent-stage2.ts', exit: 0 },
  { command: 'npx crossover run experiments/my-agent-stage2.ts', exit: 0 },
];

/** The README section's command block: each line without its comment. */
async function readmeCommands(): Promise<string[]> {
  const readme = await readFile(join(REPO, 'README.md'), 'utf8');
  const section = readme.split('\n## Bring your own agent\n')[1]?.split('\n## ')[0] ?? '';
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
  const commands = blocks.find((block) => block.includes('npx crossover')) ?? '';
  return commands
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, ''))
    .filter((line) => line !== '');
}

/**
 * The bundled corpus's 30 tasks by id, category and surface, each with the small corpus's quick
 * checks: stage 1's coverage rule picks the same slice as on the bundled corpus (so the README's
 * commands run as written), and verifying all 30 runs node checks only, no Chromium.
 */
async function bundledShapedCorpus(root: string): Promise<void> {
  const bundled = join(REPO, 'corpus');
  const corpus = JSON.parse(await readFile(join(bundled, 'corpus.json'), 'utf8')) as { categories: { id: string }[] };
  const tasks: TaskSpec[] = [];
  for (const id of (await readdir(join(bundled, 'tasks'))).sort()) {
    const task = JSON.parse(await readFile(join(bundled, 'tasks', id, 'task.json'), 'utf8')) as TaskSpec;
    tasks.push({ id: task.id, category: task.category, surface: task.surface });
  }
  await writeCorpus(
    root,
    tasks,
    corpus.categories.map((c) => c.id),
  );
}

/** A project laid out like this repository: the example's files, that corpus, Crossover's fixtures and node_modules. */
async function exampleProject(): Promise<string> {
  const root = await tempDir('crossover-my-agent-');
  for (const path of EXAMPLE) await cp(join(REPO, path), join(root, path), { recursive: true });
  await bundledShapedCorpus(root);
  await symlink(join(REPO, 'fixtures'), join(root, 'fixtures'));
  await symlink(join(REPO, 'node_modules'), join(root, 'node_modules'));
  return root;
}

interface StepResult {
  command: string;
  code: number;
  output: string;
  seconds: number;
}

/** One README line in `root`: `npx crossover …` in-process, anything else through sh. */
async function runStep(root: string, command: string): Promise<StepResult> {
  const started = performance.now();
  const seconds = () => Math.round((performance.now() - started) / 100) / 10;
  const crossover = /^npx crossover (.*)$/.exec(command);
  if (crossover) {
    const result = await cli(root, (crossover[1] ?? '').split(' '));
    return { command, code: result.code, output: `${result.out}${result.err}`, seconds: seconds() };
  }
  const result = await execa('sh', ['-c', command], { cwd: root, reject: false, all: true });
  return { command, code: result.exitCode ?? -1, output: result.all ?? '', seconds: seconds() };
}

/** Every step so far with its exit code, wall time and output: what a failure message shows. */
function transcript(results: readonly StepResult[]): string {
  return results.map((r) => `$ ${r.command}\n(exit ${r.code}, ${r.seconds} s)\n${r.output}`).join('\n');
}

async function receipts(dir: string): Promise<Receipt[]> {
  const names = await receiptNames(dir);
  return Promise.all(
    names.map(async (name) => JSON.parse(await readFile(join(dir, 'receipts', name), 'utf8')) as Receipt),
  );
}

/** What the receipts show of each arm: status, sandbox and context-tool calls, from the proxy's records. */
function observed(all: readonly Receipt[]): string[] {
  return all
    .map((r) => {
      const calls = (r.contextCalls ?? []).map((c) => `${c.server}.${c.tool}:${c.outcome}`).join(',');
      return `${r.trial.arm} ${r.status} ${r.sandbox.kind} tools=${r.diagnostics.toolCalls} context=${r.diagnostics.contextToolCalls} ${calls}`;
    })
    .sort();
}

describe('README, "Bring your own agent": a command agent with a declared MCP server reaches stage 2', () => {
  it('the README lists exactly the steps this test runs', async () => {
    expect(await readmeCommands()).toEqual(STEPS.map((step) => step.command));
  });

  it(
    'stage 1 runs in bubblewrap with the proxy counting context-tool calls, passes its gates, and stage 2 plans and runs on it',
    async () => {
      const root = await exampleProject();
      const results: StepResult[] = [];
      const stage2Run = STEPS.at(-1) as { command: string };
      for (const step of STEPS.slice(0, -1)) {
        const result = await runStep(root, step.command);
        results.push(result);
        expect(result.code, transcript(results)).toBe(step.exit);
      }
      const [, stage1Plan, verifySlice, , gates, , , , stage2Plan] = results as StepResult[];

      // Before verification the slice was blocked for that alone, naming the README's next command.
      expect(stage1Plan?.output).toContain(
        `run ${verifySlice?.command.replace('npx ', '')} (stage 1, stage 2 and exploratory`,
      );
      const reasons = new Set(stage1Plan?.output.split('\n').filter((line) => line.startsWith('  - ')));
      expect(reasons.size, transcript(results)).toBe(1);

      // Stage 1: every trial in bubblewrap, the agent's own tools unknown, its context-tool calls
      // counted by the proxy: one answered search_code per treatment trial, none in the baseline.
      const stage1 = await planDir(root, 'my-agent-stage1');
      const stage1Receipts = observed(await receipts(stage1));
      expect(stage1Receipts, transcript(results)).toEqual([
        ...Array(8).fill('baseline failed bubblewrap tools=null context=0 '),
        ...Array(8).fill('context-search failed bubblewrap tools=null context=1 code-search.search_code:answer'),
      ]);
      const scorecard = JSON.parse(await readFile(join(stage1, 'scorecard.json'), 'utf8')) as Scorecard;
      expect(Object.values(scorecard.feasibility).every((gate) => gate.passed)).toBe(true);
      expect(gates?.output).toMatch(/\| observability \| passed \| every trial's context-tool calls were observed \|/);

      // Stage 2 rests on that scorecard and is runnable: no block, bubblewrap, 270 trials.
      expect(stage2Plan?.output).not.toContain('BLOCKED');
      expect(stage2Plan?.output).toContain('sandbox: bubblewrap');
      expect(stage2Plan?.output).toContain('trials: 270 in total');

      // Its run starts; it is stopped once a treatment trial has a receipt (270 trials are not for a test).
      const running = crossoverProcess(root, stage2Run.command.replace('npx crossover ', '').split(' '));
      const treatmentDone = async (dir: string, names: string[]) =>
        (await receipts(dir)).some((r) => r.trial.arm === 'context-search') && names.length > 0;
      await receiptsAppear(root, running, treatmentDone, 'my-agent-stage2').catch(async (error: unknown) => {
        throw new Error(`${String(error)}\n$ ${stage2Run.command}\n${(await running).all}`);
      });
      process.kill(-(running.pid as number), 'SIGKILL');
      await running;
      const stage2 = await planDir(root, 'my-agent-stage2');
      const plan = JSON.parse(await readFile(join(stage2, 'plan.json'), 'utf8')) as Plan;
      expect(plan.stage1Scorecard?.path).toBe('experiments/my-agent-stage1-scorecard.json');
      const treatment = (await receipts(stage2)).find((r) => r.trial.arm === 'context-search');
      expect(treatment?.sandbox.kind).toBe('bubblewrap');
      expect(treatment?.diagnostics.contextToolCalls).toBe(1);
      const verified = await cli(root, ['receipts', 'verify', join(stage2, 'receipts')]);
      expect(verified.code, `${verified.out}${verified.err}`).toBe(0);
    },
    RUN_TIMEOUT,
  );
});
