import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Receipt } from '../../src/contracts/receipt.js';
import { recipeDeclaration } from '../../src/providers/recipes.js';
import { loopbackHttpMcp } from '../helpers/http-mcp.js';
import { syntheticExperiment, writeExperiment } from '../plan/helpers.js';
import { cli, planDir, receiptNames, smallProject } from './project.js';

const RUN_TIMEOUT = 300_000;
const CANARY = 'sgp_canary_run_9d41e7c2b85a';

afterEach(() => {
  vi.unstubAllEnvs();
});

/** Every regular file below `dir` (links not followed: the project links Crossover's fixtures and node_modules). */
async function filesBelow(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await filesBelow(path)));
    else if (entry.isFile()) files.push(path);
  }
  return files;
}

/**
 * The Sourcegraph recipe pointed at a loopback server (local, so no approval is needed): its token
 * header comes from SRC_ACCESS_TOKEN. A stage-0 run of one task, the baseline and a synthetic
 * treatment that queries the provider.
 */
async function sourcegraphProject(url: string): Promise<string> {
  const root = await smallProject({ probe: false });
  const recipe = recipeDeclaration('sourcegraph');
  await writeExperiment(
    root,
    'small',
    syntheticExperiment({
      id: 'small',
      tasks: ['valid-node'],
      repeats: 1,
      providers: [
        {
          ...recipe,
          mode: 'local',
          egress: { hosts: [], sendsSource: false },
          interface: { ...recipe.interface, url } as typeof recipe.interface,
        },
      ],
      arms: [
        { id: 'baseline', role: 'baseline' },
        {
          id: 'sourcegraph',
          role: 'treatment',
          provider: 'sourcegraph',
          agent: { adapter: 'synthetic', behavior: 'seeded', successProbability: 0.75, queryProvider: true },
        },
      ],
    }),
  );
  return root;
}

describe("an mcp-http provider's credential in a whole run", () => {
  it(
    'is blocked without its credential, naming it; with it, the token reaches the server and no file the run writes',
    async () => {
      const server = await loopbackHttpMcp({ name: 'sourcegraph', version: '6.0.0', authorization: `token ${CANARY}` });
      const root = await sourcegraphProject(server.url);

      vi.stubEnv('SRC_ACCESS_TOKEN', '');
      const blocked = await cli(root, ['run', 'experiments/small.ts']);
      expect(blocked.code).not.toBe(0);
      expect(blocked.err).toContain('credential SRC_ACCESS_TOKEN is not set');
      expect(server.authorizations).toEqual([]);

      vi.stubEnv('SRC_ACCESS_TOKEN', CANARY);
      const probed = await cli(root, ['probe', 'experiments/small.ts']);
      expect(probed.code, probed.err).toBe(0);
      const run = await cli(root, ['run', 'experiments/small.ts']);
      expect(run.code, `${run.out}\n${run.err}`).toBe(0);

      // Positive control: the probe and the trial's proxy both sent the token, and the agent's query got through.
      expect(server.authorizations.length).toBeGreaterThan(0);
      expect(server.authorizations.every((sent) => sent === `token ${CANARY}`)).toBe(true);
      expect(server.queries.length).toBeGreaterThan(0);
      const dir = await planDir(root);
      const [treatment] = await Promise.all(
        (await receiptNames(dir)).map(
          async (name) => JSON.parse(await readFile(join(dir, 'receipts', name), 'utf8')) as Receipt,
        ),
      ).then((receipts) => receipts.filter((r) => r.trial.arm === 'sourcegraph'));
      expect(treatment?.contextCalls?.map((c) => [c.tool, c.outcome])).toEqual(
        server.queries.map(() => ['search_code', 'answer']),
      );

      // Every file of the project: the plan, probe record, receipts, evidence, scorecards, generated test files.
      const files = await filesBelow(root);
      const names = files.map((file) => relative(root, file));
      for (const part of [
        '/plan.json',
        '/scorecard.json',
        '/scorecard.md',
        '/scorecard.html',
        'probes/sourcegraph.json',
        `receipts/${treatment?.trial.id}.json`,
        '/evidence/',
        '.test.ts',
      ])
        expect(
          names.some((name) => name.includes(part)),
          part,
        ).toBe(true);
      const holding = async (text: string) => {
        const found: string[] = [];
        for (const file of files) if ((await readFile(file)).includes(text)) found.push(relative(root, file));
        return found;
      };
      // The scan reads what the files hold: the credential's name is bound, by name, in the plan.
      expect(await holding('SRC_ACCESS_TOKEN')).toContain(relative(root, join(dir, 'plan.json')));
      expect(await holding(CANARY)).toEqual([]);
    },
    RUN_TIMEOUT,
  );
});
