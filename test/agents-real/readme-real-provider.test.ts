import { cp, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnthropicMock } from '../../fixtures/mock-models/anthropic.js';
import type { MockServer } from '../../fixtures/mock-models/script.js';
import { ScorecardSchema } from '../../src/contracts/scorecard.js';
import { agentPrefix } from '../../src/io/agent-install.js';
import { providerPrefix } from '../../src/io/provider-install.js';
import { tempDir } from '../helpers/temp.js';
import { installProviderOnce } from '../providers/support.js';
import { installOnce, REPO } from './project.js';

const TIMEOUT = 600_000;
/** The tasks of the stage-1 slice the coverage rule picks from the bundled corpus (README, "Bring your own agent"). */
const SLICE = ['api-batch-order', 'api-error-envelope', 'web-calendar-month-grid', 'web-cart-badge-cache'];
/** What the scripted model does in a treatment: ask CodeGraph once, then say it is done. */
const EXPLORE = { kind: 'mcp', server: 'codegraph', tool: 'codegraph_explore', args: { query: 'batch' } } as const;

/** README's "Compare a real provider" section: its sh command lines and its one experiment file. */
async function readmeSection(): Promise<{ commands: string[]; experiment: string }> {
  const readme = await readFile(join(REPO, 'README.md'), 'utf8');
  const start = readme.indexOf('## Compare a real provider');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  const blocks = [...section.matchAll(/```(sh|ts)\n([\s\S]*?)```/g)];
  const commands = blocks
    .filter((block) => block[1] === 'sh')
    .flatMap((block) => (block[2] as string).split('\n'))
    .map((line) =>
      line
        .replace(/\s+#.*$/, '')
        .replace(/^#.*$/, '')
        .trim(),
    )
    .filter((line) => line !== '');
  const [experiment] = blocks.filter((block) => block[1] === 'ts').map((block) => block[2] as string);
  return { commands, experiment: experiment as string };
}

/**
 * A project as README's section assumes one: this repository's experiments/shared.ts and prompt
 * template, the slice's tasks, and Crossover itself as node_modules/crossover. The pinned agent and
 * CodeGraph installs are linked from the repository's cache, so `agents install` and `providers
 * install` find them installed (a fresh machine downloads each once).
 */
async function project(): Promise<string> {
  const root = await tempDir('crossover-readme-');
  await mkdir(join(root, 'corpus/tasks'), { recursive: true });
  await cp(join(REPO, 'corpus/corpus.json'), join(root, 'corpus/corpus.json'));
  for (const id of SLICE) await cp(join(REPO, 'corpus/tasks', id), join(root, 'corpus/tasks', id), { recursive: true });
  await mkdir(join(root, 'experiments/prompts'), { recursive: true });
  await cp(join(REPO, 'experiments/shared.ts'), join(root, 'experiments/shared.ts'));
  await cp(join(REPO, 'experiments/prompts/default.md'), join(root, 'experiments/prompts/default.md'));
  await writeFile(join(root, 'package.json'), `${JSON.stringify({ name: 'readme', private: true, type: 'module' })}\n`);
  await mkdir(join(root, 'node_modules/.bin'), { recursive: true });
  await symlink(REPO, join(root, 'node_modules/crossover'));
  await symlink('../crossover/bin/crossover.js', join(root, 'node_modules/.bin/crossover'));
  const cg = await installProviderOnce('@colbymchenry/codegraph@1.6.1');
  const links = [agentPrefix(REPO, 'claude-code', '2.1.332'), providerPrefix(REPO, cg.install)];
  for (const prefix of links) {
    const linked = join(root, prefix.slice(REPO.length + 1));
    await mkdir(dirname(linked), { recursive: true });
    await symlink(prefix, linked);
  }
  return root;
}

describe('README, "Compare a real provider": its commands as written', () => {
  let mock: MockServer;

  beforeAll(async () => {
    await installOnce('claude-code', '2.1.332');
    // The credential's stand-in: a local Anthropic API that accepts any key.
    mock = await startAnthropicMock((request) =>
      request.tools.includes('mcp__codegraph__codegraph_explore') ? { actions: [EXPLORE] } : { actions: [] },
    );
  }, TIMEOUT);

  afterAll(() => mock?.close());

  it(
    'installs, declares, probes, verifies, plans (blocked for approval), approves and runs to a scorecard',
    async () => {
      const root = await project();
      const { commands, experiment } = await readmeSection();
      await writeFile(join(root, 'experiments/codegraph.ts'), experiment);
      const env: Record<string, string> = { CROSSOVER_BASE_URL: mock.url, npm_config_update_notifier: 'false' };
      let planFile: string | null = null;
      const ran: string[] = [];
      for (const line of commands) {
        const exported = /^export (\w+)=\.\.\.$/.exec(line);
        if (exported) {
          env[exported[1] as string] = 'stand-in-key';
          continue;
        }
        expect(line).toMatch(/^npx crossover /);
        const args = line.split(/\s+/).slice(1);
        const command = args.map((arg) => (arg.includes('<plan>') && planFile ? planFile : arg));
        const result = await execa('npx', ['--no-install', ...command], { cwd: root, env, reject: false, all: true });
        ran.push(command.slice(0, 2).join(' '));
        if (command[1] === 'plan') {
          // README: blocked until approved (the cost is unknown), naming the plan it wrote and the next command
          expect(result.exitCode, result.all).toBe(5);
          planFile = /^wrote (\S+plan\.json)$/m.exec(result.stdout)?.[1] ?? null;
          expect(planFile, result.all).toMatch(/^\.crossover\/codegraph-stage1\/[0-9a-f]{16}\/plan\.json$/);
          expect(result.stderr).toContain(`crossover approve ${planFile}`);
        } else expect(result.exitCode, `${line}\n${result.all}`).toBe(0);
      }
      expect(ran).toEqual([
        'crossover providers',
        'crossover agents',
        'crossover providers',
        'crossover probe',
        'crossover corpus',
        'crossover plan',
        'crossover approve',
        'crossover run',
      ]);
      const dir = join(root, '.crossover/codegraph-stage1');
      const [plan] = (await readdir(dir)).filter((name) => /^[0-9a-f]{16}$/.test(name));
      const scorecard = ScorecardSchema.parse(
        JSON.parse(await readFile(join(dir, plan as string, 'scorecard.json'), 'utf8')),
      );
      expect(scorecard.experiment.stage).toBe(1);
      // 4 tasks × 2 repeats per arm, each run for real; the treatment asked CodeGraph once a trial
      expect(
        scorecard.arms.map((arm) => [arm.id, arm.trials.scheduled, arm.diagnostics.contextToolCalls.mean]),
      ).toEqual([
        ['baseline', 8, 0],
        ['codegraph', 8, 1],
      ]);
      expect(mock.requests.some((request) => request.body.includes('tool_result'))).toBe(true);
    },
    TIMEOUT,
  );
});
