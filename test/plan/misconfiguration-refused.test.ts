import { existsSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type AgentInput, AgentSchema } from '../../src/contracts/agent.js';
import type { ExperimentInput } from '../../src/contracts/experiment.js';
import type { ProviderInput } from '../../src/contracts/provider.js';
import { experimentLayout } from '../../src/io/layout.js';
import { derivePlan } from '../../src/plan/derive.js';
import { agentCommandProblem } from '../../src/plan/resolvable.js';
import { tempDir } from '../helpers/temp.js';
import {
  crossover,
  SMALL_CORPUS,
  syntheticExperiment,
  writeCorpus,
  writeExperiment,
  writeProbeRecord,
} from './helpers.js';

const env = { PATH: process.env.PATH };

/** A user's own MCP server, declared as README's "Bring your own agent" declares one. */
const SEARCH: ProviderInput = {
  id: 'my-search',
  kind: 'search',
  mode: 'local',
  version: '1.0.0',
  interface: { type: 'mcp-stdio', command: 'node', args: ['../providers/server.mjs'] },
};

/** A user's command agent: a script in its own directory, declared as its files. */
const FIXER: AgentInput = { adapter: 'command', command: './agents/fixer/agent.sh', files: ['agents/fixer'] };

function experiment(overrides: Partial<ExperimentInput> = {}): ExperimentInput {
  return syntheticExperiment({
    stage: 'exploratory',
    tasks: ['api-a'],
    repeats: 1,
    agent: FIXER,
    providers: [SEARCH],
    arms: [
      { id: 'baseline', role: 'baseline' },
      { id: 'search', role: 'treatment', provider: 'my-search', allowedTools: ['search_code'] },
    ],
    ...overrides,
  });
}

/** A project with the corpus, the server file, the agent script and the experiment; the server probed as listing `tools`. */
async function project(overrides: Partial<ExperimentInput> = {}, tools = ['search_code']) {
  const root = await tempDir();
  await writeCorpus(root, SMALL_CORPUS);
  await mkdir(join(root, 'providers'));
  await writeFile(join(root, 'providers/server.mjs'), '// the server\n');
  await mkdir(join(root, 'agents/fixer'), { recursive: true });
  await writeFile(join(root, 'agents/fixer/agent.sh'), '#!/bin/sh\nexit 0\n');
  await chmod(join(root, 'agents/fixer/agent.sh'), 0o755);
  const declared = experiment(overrides);
  const file = await writeExperiment(root, 'exp', declared);
  const provider = declared.providers?.[0];
  if (provider) await writeProbeRecord(experimentLayout(root, 'exp').probesDir, provider, 'v1', null, tools);
  return { root, file };
}

/**
 * The reasons a plan of the project is blocked for, besides its tasks never having been verified;
 * `crossover run` refuses the plan naming each of them, and no trial starts.
 */
async function blockedFor(root: string, file: string): Promise<string[]> {
  const derived = await derivePlan({ experimentFile: file, root, env });
  const reasons = derived.blocked.filter((reason) => !reason.startsWith('tasks never verified'));
  const run = await crossover(root, ['run', 'experiments/exp.ts']);
  expect(run.code, run.err).toBe(5);
  for (const reason of reasons) expect(run.err).toContain(reason);
  expect(existsSync(join(root, '.crossover/exp/trials'))).toBe(false);
  expect(existsSync(join(root, '.crossover/trials'))).toBe(false);
  return reasons;
}

describe('a misconfigured experiment is refused at planning, naming the file, the field and the fix; no trial runs', () => {
  it('plans the well-configured project with nothing in the way but its unverified task (the control)', async () => {
    const { root, file } = await project();
    expect(await blockedFor(root, file)).toEqual([]);
  });

  it('refuses an allowed tool with a typo', async () => {
    const { root, file } = await project({
      arms: [
        { id: 'baseline', role: 'baseline' },
        { id: 'search', role: 'treatment', provider: 'my-search', allowedTools: ['search_cod'] },
      ],
    });
    expect(await blockedFor(root, file)).toEqual([
      'experiments/exp.ts: $.arms[1].allowedTools[0]: "search_cod" is not a tool provider my-search offers (its probe found: search_code): name one of those, or run crossover probe experiments/exp.ts again if the server changed',
    ]);
  });

  it('refuses an allowed tool of another server than the one declared', async () => {
    const { root, file } = await project(
      {
        arms: [
          { id: 'baseline', role: 'baseline' },
          { id: 'search', role: 'treatment', provider: 'my-search', allowedTools: ['ripgrep_explore'] },
        ],
      },
      ['list-files', 'search'],
    );
    expect(await blockedFor(root, file)).toEqual([
      'experiments/exp.ts: $.arms[1].allowedTools[0]: "ripgrep_explore" is not a tool provider my-search offers (its probe found: list-files, search): name one of those, or run crossover probe experiments/exp.ts again if the server changed',
    ]);
  });

  it('never reads a probe record made from another declaration with the same experiment id', async () => {
    const { root, file } = await project();
    const variant = { ...SEARCH, interface: { type: 'mcp-stdio' as const, command: 'node', args: ['../nowhere.mjs'] } };
    // a variant experiment file with the same id, probed: it overwrote the record
    await writeProbeRecord(experimentLayout(root, 'exp').probesDir, variant, 'v1', null, []);
    const derived = await derivePlan({ experimentFile: file, root, env });
    expect(derived.plan.arms[1]?.provider?.probeDigest).toBeNull();
    expect(derived.blocked).toContain(
      'provider my-search: its probe record .crossover/exp/probes/my-search.json was made from another declaration (another experiment file with this id, or an edit since): run crossover probe experiments/exp.ts',
    );
  });

  it('blocks a plan whose treatment the probe excluded, unless the arm declares it may be excluded', async () => {
    const excluded = await project({}, []);
    expect(await blockedFor(excluded.root, excluded.file)).toEqual([
      'experiments/exp.ts: $.arms[1].provider: provider my-search was excluded by its probe (no-tools: the provider offers no tools; an agent could call nothing): fix its declaration and run crossover probe experiments/exp.ts again, or declare $.arms[1].mayBeExcluded: true to run without arm search (reported as excluded)',
    ]);
    const accepted = await project(
      {
        arms: [
          { id: 'baseline', role: 'baseline' },
          { id: 'search', role: 'treatment', provider: 'my-search', mayBeExcluded: true },
        ],
      },
      [],
    );
    const derived = await derivePlan({ experimentFile: accepted.file, root: accepted.root, env });
    expect(derived.blocked.filter((reason) => !reason.startsWith('tasks never verified'))).toEqual([]);
    expect(derived.summary.notes).toContain(
      'provider my-search was excluded by its probe: arm search will be reported as excluded',
    );
  });

  it("refuses an agent command that will not start in the sandbox: a typo, a file outside the agent's files, no exec bit", async () => {
    const typo = await project({ agent: { ...FIXER, command: './agents/fixer/agnt.sh' } });
    expect(await blockedFor(typo.root, typo.file)).toEqual([
      'experiments/exp.ts: $.agent.command: ./agents/fixer/agnt.sh does not exist below the project root: correct the path',
    ]);
    const undeclared = await project({ agent: { ...FIXER, files: ['agents/other'] }, sandbox: 'bubblewrap' });
    expect((await blockedFor(undeclared.root, undeclared.file)).join('\n')).toContain(
      "experiments/exp.ts: $.agent.command: ./agents/fixer/agent.sh is not among the agent's declared files ($.agent.files: agents/other), so the sandbox does not show it: add its directory to $.agent.files",
    );
    const notExecutable = await project();
    await chmod(join(notExecutable.root, 'agents/fixer/agent.sh'), 0o644);
    expect(await blockedFor(notExecutable.root, notExecutable.file)).toEqual([
      'experiments/exp.ts: $.agent.command: ./agents/fixer/agent.sh is not an executable file: make it one (chmod +x agents/fixer/agent.sh) or start it through its interpreter (sh ./agents/fixer/agent.sh)',
    ]);
    const name = await project({
      arms: [
        { id: 'baseline', role: 'baseline', agent: { adapter: 'command', command: 'my-agnt --fast' } },
        { id: 'search', role: 'treatment', provider: 'my-search', allowedTools: ['search_code'] },
      ],
    });
    expect(await blockedFor(name.root, name.file)).toEqual([
      'experiments/exp.ts: $.arms[0].agent.command: "my-agnt" is not found on PATH: correct the name, or put the program below the project root, declare it in $.arms[0].agent.files and start it as "./<path>"',
    ]);
  });

  it("leaves a program name to the task's image when the agent runs in a container", () => {
    const agent = AgentSchema.parse({ adapter: 'command', command: 'only-in-the-image --fast' });
    const ctx = { root: '/', file: 'experiments/exp.ts', sandboxed: false, inImage: true, env };
    expect(agentCommandProblem(agent, '$.agent', ctx)).toBeNull();
    expect(agentCommandProblem(agent, '$.agent', { ...ctx, inImage: false })).toContain(
      '"only-in-the-image" is not found on PATH',
    );
  });

  it("refuses a provider command or a declared prerequisite that is not found, naming the provider's field", async () => {
    const { root, file } = await project({
      providers: [
        {
          ...SEARCH,
          interface: { type: 'mcp-stdio', command: 'nodee', args: [] },
          requires: ['sh', 'crossover-no-rg'],
        },
      ],
    });
    expect(await blockedFor(root, file)).toEqual([
      'experiments/exp.ts: $.providers[0].interface.command: "nodee" is not found on PATH: correct the name, or install it',
      'experiments/exp.ts: $.providers[0].requires[1]: "crossover-no-rg" is not found on PATH: install it (a Debian package puts it in /usr/bin), then plan again',
    ]);
  });
});
