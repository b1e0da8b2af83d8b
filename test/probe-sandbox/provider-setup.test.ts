import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Provider, ProviderInput } from '../../src/contracts/provider.js';
import { requireSandbox } from '../../src/io/sandbox.js';
import { probeProvider } from '../../src/probe/probe.js';
import { ensureProviderSetup } from '../../src/provider-runtime/provider-setup.js';
import { tempDir } from '../helpers/temp.js';
import { provider, REPO, sampleTask } from '../probe/support.js';

const SANDBOX = await requireSandbox();
const FIXTURE = join(REPO, 'fixtures/providers/needs-setup');
// biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder a declaration writes
const SETUP_DIR = '${CROSSOVER_SETUP_DIR}';

/** The needs-setup fixture: its setup writes the model its index command and its server need. */
function needsSetup(setupArgs: string[] = [], overrides: Partial<ProviderInput> = {}): Provider {
  return provider({
    id: 'needs-setup',
    interface: { type: 'mcp-stdio', command: 'node', args: [join(FIXTURE, 'server.mjs'), `${SETUP_DIR}/model.json`] },
    index: { command: 'node', args: [join(FIXTURE, 'index.mjs')] },
    setup: { command: 'node', args: [join(FIXTURE, 'setup.mjs'), '--out', SETUP_DIR, ...setupArgs] },
    allowedTools: ['model'],
    ...overrides,
  });
}

/** Names in the provider's setup cache: complete entries, and anything a build left. */
async function cacheEntries(root: string): Promise<string[]> {
  return readdir(join(root, '.crossover/cache/provider-setups/needs-setup')).catch(() => []);
}

/** The model the one setup entry holds. */
async function cachedModel(root: string): Promise<{ nonce: string; escaped: string }> {
  const [entry] = await cacheEntries(root);
  return JSON.parse(
    await readFile(join(root, '.crossover/cache/provider-setups/needs-setup', entry!, 'dir/model.json'), 'utf8'),
  );
}

describe('a provider with a one-time setup', () => {
  it('probes eligible: the setup runs once, in the sandbox, and the index and server read what it wrote', async () => {
    const root = await tempDir();
    const task = await sampleTask();
    const outside = join(root, 'escaped.txt');
    const first = await probeProvider(needsSetup(['--escape', outside]), { sandbox: SANDBOX, root, sampleTask: task });
    expect(first.identity.providerSetup).toMatchObject({ status: 'ok', detail: null, digest: expect.any(String) });
    expect(first.measurements.providerSetup?.built).toBe(true);
    expect(first.eligibility.status).toBe('eligible');
    // Only its setup directory was writable: the write outside it was refused, and nothing is there.
    const model = await cachedModel(root);
    expect(model.escaped).toMatch(/^refused/);
    expect(existsSync(outside)).toBe(false);

    // The sample call's answer holds the setup's nonce, seen by the server and by the index command.
    const checked = needsSetup(['--escape', outside], {
      probe: { sample: { tool: 'model', args: {}, expect: [`nonce=${model.nonce} indexed=${model.nonce}`] } },
    });
    const second = await probeProvider(checked, { sandbox: SANDBOX, root, sampleTask: task });
    const third = await probeProvider(checked, { sandbox: SANDBOX, root, sampleTask: task });
    expect(second.identity.sample).toMatchObject({ status: 'ok', tool: 'model' });
    expect(second.eligibility.status).toBe('eligible');
    // Reused, never re-run: one entry, the same nonce, the same setup digest, the same probe digest.
    expect([second.measurements.providerSetup?.built, third.measurements.providerSetup?.built]).toEqual([false, false]);
    expect(await cacheEntries(root)).toHaveLength(1);
    expect((await cachedModel(root)).nonce).toBe(model.nonce);
    expect(second.identity.providerSetup.digest).toBe(first.identity.providerSetup.digest);
    expect(third.digest).toBe(second.digest);

    // A changed setup declaration is another setup, run once more: the probe digest changes.
    const changed = await probeProvider(needsSetup(['--escape', outside, '--label', 'other']), {
      sandbox: SANDBOX,
      root,
      sampleTask: task,
    });
    expect(changed.measurements.providerSetup?.built).toBe(true);
    expect(changed.identity.providerSetup.digest).not.toBe(first.identity.providerSetup.digest);
    expect(changed.digest).not.toBe(first.digest);
    expect(await cacheEntries(root)).toHaveLength(2);
  });

  it('builds in place: a setup that records its own path stays valid, and a partial entry is rebuilt whole', async () => {
    const root = await tempDir();
    const task = await sampleTask();
    const declaration = needsSetup();
    const options = { root, baseDir: root, env: process.env, sandbox: SANDBOX };
    // What an interrupted build leaves: the entry and a half-written directory, but no record.
    const first = await ensureProviderSetup(declaration, options);
    await rm(join(first.dir, '..', 'provider-setup.json'));
    await writeFile(join(first.dir, 'half-written'), 'partial');

    const rebuilt = await ensureProviderSetup(declaration, options);
    expect(rebuilt.built).toBe(true);
    expect(rebuilt.dir).toBe(first.dir);
    expect(await readdir(rebuilt.dir)).toEqual(['model.json']);
    // The path the setup recorded is the one it is found at: the server, which refuses a moved model, starts.
    expect(JSON.parse(await readFile(join(rebuilt.dir, 'model.json'), 'utf8')).dir).toBe(rebuilt.dir);
    const probed = await probeProvider(declaration, { sandbox: SANDBOX, root, sampleTask: task });
    expect(probed.identity.setup).toMatchObject({ status: 'ok' });
    expect(probed.eligibility.status).toBe('eligible');

    // Control: the same model moved elsewhere (as a build renamed into place would be) is refused.
    const moved = await tempDir();
    await cp(join(rebuilt.dir, 'model.json'), join(moved, 'model.json'));
    const started = spawnSync(process.execPath, [join(FIXTURE, 'server.mjs'), join(moved, 'model.json')], {
      encoding: 'utf8',
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain(`the model was set up in ${rebuilt.dir}, not ${moved}`);
  });

  it('positive control: run bare, the same setup can write outside its directory', async () => {
    const root = await tempDir();
    const outside = join(root, 'escaped.txt');
    await ensureProviderSetup(needsSetup(['--escape', outside]), {
      root,
      baseDir: root,
      env: process.env,
      sandbox: null,
    });
    expect((await cachedModel(root)).escaped).toBe('written');
    expect(existsSync(outside)).toBe(true);
  });

  it('a setup that fails or times out excludes the provider with a "setup: " reason and leaves no entry', async () => {
    const root = await tempDir();
    const task = await sampleTask();
    const failed = await probeProvider(needsSetup(['--fail']), { sandbox: SANDBOX, root, sampleTask: task });
    expect(failed.eligibility.status).toBe('excluded');
    expect(failed.eligibility.reasons).toEqual([
      'setup: "node" exited with code 3: setup: the model could not be fetched',
    ]);
    // Nothing that needs the setup ran without it.
    expect(failed.identity.setup).toMatchObject({ status: 'skipped' });
    expect(failed.identity.index).toMatchObject({ status: 'skipped' });

    const slow = needsSetup(['--sleep', '10000']);
    const timedOut = await probeProvider(
      { ...slow, setup: { ...slow.setup!, timeoutSec: 1 } },
      { sandbox: SANDBOX, root, sampleTask: task },
    );
    expect(timedOut.eligibility.reasons).toEqual(['setup: "node" timed out after 1000 ms']);
    expect(await cacheEntries(root)).toEqual([]);
  });

  it('eight concurrent callers needing the same setup wait on one builder: it runs once', async () => {
    const root = await tempDir();
    const counter = join(await tempDir(), 'runs');
    const runs = async () => (await readFile(counter, 'utf8').catch(() => '')).split('\n').filter(Boolean);
    const declaration = needsSetup([], { env: { SETUP_COUNTER: counter } });
    const options = { root, baseDir: root, env: process.env, sandbox: null };
    const all = await Promise.all(Array.from({ length: 8 }, () => ensureProviderSetup(declaration, options)));
    expect(await runs()).toHaveLength(1);
    expect(all.filter((setup) => setup.built)).toHaveLength(1);
    expect(new Set(all.map((setup) => setup.digest)).size).toBe(1);
    // Positive control: another declaration is another setup, and does run.
    await ensureProviderSetup(needsSetup(['--label', 'other'], { env: { SETUP_COUNTER: counter } }), options);
    expect(await runs()).toHaveLength(2);
  });
});
