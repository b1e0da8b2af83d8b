import { existsSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, LIBRARY_TASKS, planDir, receiptNames, smallProject } from './project.js';

const RUN_TIMEOUT = 300_000;
const SETUPS = '.crossover/cache/provider-setups/needs-setup';

/** The needs-setup fixture as an experiment declares it: its server refuses to start without its setup's model. */
const SETUP_PROVIDER = `{
      id: 'needs-setup',
      kind: 'search',
      mode: 'local',
      version: '1.0.0',
      interface: {
        type: 'mcp-stdio',
        command: 'node',
        args: ['../fixtures/providers/needs-setup/server.mjs', '\${CROSSOVER_SETUP_DIR}/model.json'],
      },
      index: { command: 'node', args: ['../fixtures/providers/needs-setup/index.mjs'] },
      setup: { command: 'node', args: ['../fixtures/providers/needs-setup/setup.mjs', '--out', '\${CROSSOVER_SETUP_DIR}'] },
      allowedTools: ['model'],
    },
    `;

const SETUP_ARM = `{ id: 'setup-context', role: 'treatment', provider: 'needs-setup', allowedTools: ['model'] },
    `;

/** The small experiment with one more treatment arm, whose provider needs its one-time setup. */
async function projectWithSetupArm(): Promise<string> {
  const root = await smallProject({ probe: false, tasks: LIBRARY_TASKS });
  const file = join(root, 'experiments/small.ts');
  const text = await readFile(file, 'utf8');
  const edited = text
    .replace('providers: [\n    ', `providers: [\n    ${SETUP_PROVIDER}`)
    .replace("{ id: 'prompt-only', role: 'treatment' },", `${SETUP_ARM}{ id: 'prompt-only', role: 'treatment' },`);
  if (!edited.includes('setup-context') || !edited.includes("id: 'needs-setup'"))
    throw new Error('the fixture experiment changed shape: the setup arm was not added');
  await writeFile(file, edited);
  return root;
}

interface Receipt {
  status: string;
  findings: { kind: string; detail: string }[];
}

describe("a treatment whose provider's one-time setup is missing on the machine", () => {
  it(
    'ends setup-failed with the "setup: " reason in every trial, while the baseline trials run as usual',
    async () => {
      const root = await projectWithSetupArm();
      const probed = await cli(root, ['probe', 'experiments/small.ts']);
      expect(probed.code, probed.err).toBe(0);
      const probe = JSON.parse(await readFile(join(root, '.crossover/small/probes/needs-setup.json'), 'utf8')) as {
        identity: { providerSetup: { status: string } };
        measurements: { providerSetup: { built: boolean } | null };
        eligibility: { status: string };
      };
      // Control: the probe built the setup and found the provider eligible, so the plan runs the arm.
      expect(probe.identity.providerSetup.status).toBe('ok');
      expect(probe.measurements.providerSetup?.built).toBe(true);
      expect(probe.eligibility.status).toBe('eligible');
      const entries = await readdir(join(root, SETUPS));
      expect(entries).toHaveLength(1);

      // The machine loses the setup after the probe (a cleaned cache, another checkout).
      await rm(join(root, SETUPS, entries[0]!), { recursive: true });
      expect(existsSync(join(root, SETUPS, entries[0]!))).toBe(false);

      const run = await cli(root, ['run', 'experiments/small.ts', '--concurrency', '4']);
      const dir = await planDir(root);
      const plan = JSON.parse(await readFile(join(dir, 'plan.json'), 'utf8')) as {
        schedule: { trials: { id: string; arm: string }[] };
      };
      const receipts = new Map<string, Receipt>();
      for (const name of await receiptNames(dir))
        receipts.set(name, JSON.parse(await readFile(join(dir, 'receipts', name), 'utf8')) as Receipt);
      const of = (arm: string) =>
        plan.schedule.trials.filter((t) => t.arm === arm).map((t) => receipts.get(`${t.id}.json`));
      expect(receipts.size, `${run.out}\n${run.err}`).toBe(plan.schedule.trials.length);

      const treatment = of('setup-context');
      expect(treatment.length).toBeGreaterThan(0);
      for (const receipt of treatment) {
        expect(receipt?.status).toBe('setup-failed');
        expect(receipt?.findings.map((f) => f.detail).join('\n')).toContain(
          'provider needs-setup: setup: the one-time setup has not run on this machine for this install and declaration; run crossover probe',
        );
      }
      // The setup was read, never run at trial time: nothing was rebuilt.
      expect(await readdir(join(root, SETUPS))).toEqual([]);

      const baseline = of('baseline');
      expect(baseline.length).toBeGreaterThan(0);
      for (const receipt of baseline) expect(['passed', 'failed']).toContain(receipt?.status);
      // Trial outcomes are data: the run completed, and the scorecard counts the arm's trials invalid, none a success.
      expect(run.code, `${run.out}\n${run.err}`).toBe(0);
      const scorecard = JSON.parse(await readFile(join(dir, 'scorecard.json'), 'utf8')) as {
        arms: { id: string; trials: { success: number; failure: number; invalid: number; setupFailed: number } }[];
      };
      expect(scorecard.arms.find((a) => a.id === 'setup-context')?.trials).toMatchObject({
        success: 0,
        failure: 0,
        invalid: treatment.length,
        setupFailed: treatment.length,
      });
    },
    RUN_TIMEOUT,
  );
});
