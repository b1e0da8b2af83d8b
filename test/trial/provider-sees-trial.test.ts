import { chmod, cp, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { digestOf } from '../../src/contracts/canonical.js';
import type { PlannedArm } from '../../src/contracts/plan.js';
import { AGENT_UID, handOver, PROVIDER_UID, requireSandbox } from '../../src/io/sandbox.js';
import { type ServerPlace, serverLauncher } from '../../src/io/server-launch.js';
import { probeProvider } from '../../src/probe/probe.js';
import { handshakeMcp } from '../../src/provider-runtime/mcp.js';
import { isHttp } from '../../src/trial/mcp-proxy.js';
import { providerLaunch } from '../../src/trial/provider-launch.js';
import { canary, claudeLogin } from '../helpers/login-dir.js';
import { tempDir } from '../helpers/temp.js';
import { CODE_SEARCH, provider, sampleTask } from '../probe/support.js';

const SANDBOX = await requireSandbox();
const ROOT = process.getuid?.() === 0;
// biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder a declaration writes, as documented
const WORKSPACE_ARG = '${CROSSOVER_WORKSPACE}';

/** A provider process that looks for the agent's leased login beside the workspace it is given. */
const READER = `import { readFileSync } from 'node:fs';
let login;
try {
  login = readFileSync(process.argv[2] + '/../home/.claude/.credentials.json', 'utf8');
} catch (error) {
  login = error.code;
}
process.stdout.write(JSON.stringify({ uid: process.getuid(), login }));
`;

/**
 * A trial directory as a trial leaves it while its agent runs: the workspace, and the run home
 * holding the leased login (0600), both the agent's (as root, its uid's; as an ordinary user, the caller's).
 */
async function trialDirectory(token: string) {
  const trialDir = join(await tempDir(), 'trial');
  const workspace = join(trialDir, 'workspace');
  const home = join(trialDir, 'home');
  await mkdir(workspace, { recursive: true });
  await mkdir(join(home, '.claude'), { recursive: true, mode: 0o700 });
  await writeFile(join(home, '.claude/.credentials.json'), JSON.stringify(claudeLogin(token)), { mode: 0o600 });
  await chmod(trialDir, 0o755);
  await handOver([workspace, home], SANDBOX.identity);
  const tools = join(await tempDir(), 'reader');
  await mkdir(tools);
  await writeFile(join(tools, 'reader.mjs'), READER);
  return { trialDir, workspace, reader: join(tools, 'reader.mjs') };
}

function place(trial: { trialDir: string; workspace: string }, unprotected = false): ServerPlace {
  return {
    sandbox: SANDBOX,
    workspace: trial.workspace,
    home: join(trial.trialDir, 'mcp-home'),
    path: process.env.PATH ?? '/usr/bin:/bin',
    shareNetwork: false,
    readOnly: [],
    writable: [],
    hidden: [trial.trialDir],
    unprotected,
  };
}

/** The reader started as the proxy starts a server whose declaration names the workspace. */
async function readerSees(unprotected: boolean) {
  const token = canary();
  const trial = await trialDirectory(token);
  const launch = serverLauncher(place(trial, unprotected))({
    name: 'reader',
    command: process.execPath,
    args: [trial.reader, trial.workspace],
    env: {},
  });
  const run = await execa(launch.file, launch.args, { env: launch.env, cwd: launch.cwd, reject: false });
  return { token, seen: JSON.parse(run.stdout) as { uid: number; login: string } };
}

describe('a provider server never sees the trial beyond its workspace', () => {
  it(`a server given the workspace (as ${WORKSPACE_ARG}) sees neither the run home nor the leased login`, async () => {
    const { token, seen } = await readerSees(false);
    expect(seen.login).toBe('ENOENT');
    expect(seen.login).not.toContain(token);
    if (ROOT) expect(seen.uid).toBe(PROVIDER_UID);
  });

  it('control: with the argument’s parent bound and the agent’s uid, as before, it reads the leased login', async () => {
    const { token, seen } = await readerSees(true);
    expect(seen.login).toContain(token);
    if (ROOT) expect(seen.uid).toBe(AGENT_UID);
  });

  it.each([
    ['the run home', (trial: { workspace: string }) => join(trial.workspace, '../home')],
    ['/', () => '/'],
  ])('an argument naming %s is refused, naming it, before anything starts', async (_, argument) => {
    const trial = await trialDirectory(canary());
    const launch = () =>
      serverLauncher(place(trial))({
        name: 'reader',
        command: process.execPath,
        args: [trial.reader, argument(trial)],
        env: {},
      });
    expect(launch).toThrow(/a path its declaration names, holds or lies in the trial's own directory/);
  });
});

/** code-search serving the tree its declaration names, as its README documents: `--root ${CROSSOVER_WORKSPACE}`. */
const rooted = provider({
  interface: {
    type: 'mcp-stdio',
    command: 'node',
    args: [join(CODE_SEARCH, 'dist/server.mjs'), '--root', WORKSPACE_ARG],
  },
  index: undefined,
  probe: { sample: { tool: 'search_code', args: { query: 'greet' }, expect: ['src/app.js'] } },
});

describe(`the documented ${WORKSPACE_ARG} argument`, () => {
  it('works in a probe: the server started with it is eligible and answers from the workspace', async () => {
    const record = await probeProvider(rooted, {
      sandbox: SANDBOX,
      root: await tempDir(),
      sampleTask: await sampleTask(),
    });
    expect(record.identity.sample, JSON.stringify(record.identity)).toMatchObject({ status: 'ok' });
    expect(record.eligibility.status).toBe('eligible');
  });

  it('works in a trial: the server the proxy starts with it answers from the trial’s workspace', async () => {
    const root = await tempDir();
    const task = await sampleTask();
    const trial = await trialDirectory(canary());
    await cp(join(task.dir, 'workspace'), trial.workspace, { recursive: true });
    await handOver([trial.workspace], SANDBOX.identity);
    const arm = {
      id: 'rooted',
      role: 'treatment',
      provider: { id: rooted.id, interface: 'mcp-stdio', configDigest: digestOf(rooted), files: [], install: null },
    } as unknown as PlannedArm;
    const context = { root, providers: [rooted], experimentDir: root, sandbox: 'none' as const };
    const [server] = (await providerLaunch(arm, context, task, trial.workspace)).mcpServers;
    if (server === undefined || isHttp(server)) throw new Error('expected one stdio server');
    expect(server.args.at(-1)).toBe(trial.workspace);
    const started = serverLauncher(place(trial))(server);
    const { sample } = await handshakeMcp(
      { type: 'stdio', command: started.file, args: started.args, cwd: started.cwd, env: started.env },
      20_000,
      { tool: 'search_code', args: { query: 'greet' } },
    );
    expect(sample?.text).toContain('src/app.js');
  });
});
