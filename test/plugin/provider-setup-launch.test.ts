import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { digestOf } from '../../src/contracts/canonical.js';
import type { PlannedArm } from '../../src/contracts/plan.js';
import type { Provider } from '../../src/contracts/provider.js';
import { requireSandbox } from '../../src/io/sandbox.js';
import { serverLauncher } from '../../src/io/server-launch.js';
import { handshakeMcp } from '../../src/provider-runtime/mcp.js';
import { ensureProviderSetup } from '../../src/provider-runtime/provider-setup.js';
import { isHttp } from '../../src/trial/mcp-proxy.js';
import { providerLaunch } from '../../src/trial/provider-launch.js';
import { tempDir } from '../helpers/temp.js';
import { provider, REPO, sampleTask } from '../probe/support.js';

const SANDBOX = await requireSandbox();
const FIXTURE = join(REPO, 'fixtures/providers/needs-setup');
// biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder a declaration writes
const SETUP_DIR = '${CROSSOVER_SETUP_DIR}';

const declaration: Provider = provider({
  id: 'needs-setup',
  interface: { type: 'mcp-stdio', command: 'node', args: [join(FIXTURE, 'server.mjs'), `${SETUP_DIR}/model.json`] },
  index: { command: 'node', args: [join(FIXTURE, 'index.mjs')] },
  setup: { command: 'node', args: [join(FIXTURE, 'setup.mjs'), '--out', SETUP_DIR] },
  allowedTools: ['model'],
});

/** The treatment arm as a plan binds it: only what a launch reads of it. */
const arm = {
  id: 'needs-setup',
  role: 'treatment',
  provider: {
    id: declaration.id,
    interface: 'mcp-stdio',
    configDigest: digestOf(declaration),
    files: [],
    install: null,
    tools: ['model'],
  },
} as unknown as PlannedArm;

describe('a trial of a provider with a one-time setup', () => {
  it('is refused with a "setup: " reason when the setup never ran on this machine, never launched without it', async () => {
    const root = await tempDir();
    const context = { root, providers: [declaration], experimentDir: root, sandbox: 'bubblewrap' as const };
    const workspace = join(await tempDir(), 'workspace');
    await expect(providerLaunch(arm, context, await sampleTask(), workspace)).rejects.toThrow(
      /^setup: the one-time setup has not run on this machine for this install and declaration; run crossover probe$/,
    );
  });

  it("gives the server the setup's directory read-only in its sandbox, and the index it built from it", async () => {
    const root = await tempDir();
    const setup = await ensureProviderSetup(declaration, { root, baseDir: root, env: process.env, sandbox: SANDBOX });
    const context = { root, providers: [declaration], experimentDir: root, sandbox: 'bubblewrap' as const };
    const workspace = join(await tempDir(), 'workspace');
    await mkdir(workspace);
    const launch = await providerLaunch(arm, context, await sampleTask(), workspace);
    expect(launch.readOnly).toContain(setup.dir);
    const [server] = launch.mcpServers;
    if (server === undefined || isHttp(server)) throw new Error('expected one stdio server');
    expect(server.args[1]).toBe(join(setup.dir, 'model.json'));
    expect(server.env.CROSSOVER_SETUP_DIR).toBe(setup.dir);

    // Started as the trial's proxy starts it: in bubblewrap, seeing only what the launch lists.
    const started = serverLauncher({
      sandbox: SANDBOX,
      workspace,
      home: await tempDir(),
      path: process.env.PATH ?? '/usr/bin:/bin',
      shareNetwork: false,
      readOnly: launch.readOnly,
      writable: [],
    })(server);
    const { sample } = await handshakeMcp(
      { type: 'stdio', command: started.file, args: started.args, cwd: started.cwd, env: started.env },
      20_000,
      {
        tool: 'model',
        args: {},
      },
    );
    // The nonce reached the index too: the index command, run in the trial's sandbox, read the setup
    // directory through $CROSSOVER_SETUP_DIR alone (no argument names it), so the launch bound it.
    const { nonce } = JSON.parse(await readFile(join(setup.dir, 'model.json'), 'utf8'));
    expect(sample?.text).toBe(`label=model nonce=${nonce} indexed=${nonce} escaped=not tried`);
  });
});
