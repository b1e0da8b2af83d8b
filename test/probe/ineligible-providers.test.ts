import { join } from 'node:path';
import { describe, it, type TestContext } from 'vitest';
import { probeProvider } from '../../src/probe/probe.js';
import { tempDir } from '../helpers/temp.js';
import { BROKEN, brokenMcp, provider, sampleTask } from './support.js';

/**
 * Each test probes its own provider in its own directories, so the tests run concurrently: a probe
 * mostly waits on the provider's process. Their directories go with their own test (the context's hook).
 */
function scratch({ onTestFinished }: TestContext) {
  const dir = () => tempDir(undefined, onTestFinished);
  return { dir, task: async () => sampleTask(undefined, undefined, await dir()) };
}

describe('providers that must not become an arm', () => {
  it.concurrent('excludes a provider whose binary is missing, for failed setup', async (context) => {
    const { expect } = context;
    const temp = scratch(context);
    const missing = provider({ interface: { type: 'mcp-stdio', command: 'crossover-no-such-binary-7f3a', args: [] } });
    const record = await probeProvider(missing, { sandbox: null, root: await temp.dir() });
    expect(record.identity.setup.status).toBe('failed');
    expect(record.identity.setup.detail).toContain('ENOENT');
    expect(record.eligibility.status).toBe('excluded');
    expect(record.eligibility.reasons).toEqual([
      'setup-failed: command "crossover-no-such-binary-7f3a" not found on PATH (ENOENT)',
    ]);
  });

  it.concurrent('excludes a CLI provider whose binary is missing', async (context) => {
    const { expect } = context;
    const temp = scratch(context);
    const missing = provider({ interface: { type: 'cli', command: 'crossover-no-such-cli-7f3a' }, index: undefined });
    const record = await probeProvider(missing, { sandbox: null, root: await temp.dir() });
    expect(record.eligibility.status).toBe('excluded');
    expect(record.eligibility.reasons).toEqual([
      'setup-failed: command "crossover-no-such-cli-7f3a" not found on PATH (ENOENT)',
    ]);
  });

  it.concurrent('excludes an MCP server that never answers the handshake, within the setup bound', async (context) => {
    const { expect } = context;
    const temp = scratch(context);
    const silent = provider({
      interface: { type: 'mcp-stdio', command: 'node', args: ['-e', 'setInterval(() => {}, 1000)'] },
      index: undefined,
    });
    const record = await probeProvider(silent, {
      sandbox: null,
      root: await temp.dir(),
      limits: { setupTimeoutMs: 1000 },
    });
    expect(record.eligibility.reasons).toEqual([
      expect.stringMatching(/^setup-failed: MCP handshake failed: .*timed out/i),
    ]);
  });

  it.concurrent('excludes an MCP server that offers no tools', async (context) => {
    const { expect } = context;
    const temp = scratch(context);
    const record = await probeProvider(brokenMcp('no-tools.mjs'), { sandbox: null, root: await temp.dir() });
    expect(record.identity.setup.status).toBe('ok');
    expect(record.identity.tools).toEqual([]);
    expect(record.eligibility.status).toBe('excluded');
    expect(record.eligibility.reasons).toEqual([expect.stringMatching(/^no-tools: /)]);
  });

  it.concurrent('excludes a server whose tools are all outside allowedTools', async (context) => {
    const { expect } = context;
    const temp = scratch(context);
    const record = await probeProvider(provider({ allowedTools: ['graph_query'] }), {
      sandbox: null,
      root: await temp.dir(),
      sampleTask: await temp.task(),
    });
    expect(record.eligibility.reasons).toEqual([expect.stringMatching(/^no-tools: .*graph_query/)]);
    expect(record.identity.limitations).toContain('allowed tool "graph_query" is not offered by the server');
  });

  it.concurrent('excludes a provider declared infrastructure even though it serves tools', async (context) => {
    const { expect } = context;
    const temp = scratch(context);
    const record = await probeProvider(provider({ id: 'pggraph', kind: 'infrastructure' }), {
      sandbox: null,
      root: await temp.dir(),
      sampleTask: await temp.task(),
    });
    expect(record.identity.setup.status).toBe('ok');
    expect(record.eligibility).toEqual({
      status: 'excluded',
      cohort: null,
      reasons: [expect.stringMatching(/^infrastructure: /)],
    });
  });

  it.concurrent('excludes a human-only wiki for having no agent-readable interface, without running anything', async (context) => {
    const { expect } = context;
    const temp = scratch(context);
    const wiki = provider({
      id: 'team-wiki',
      kind: 'wiki-rag',
      interface: { type: 'none', description: 'a Confluence space people read' },
    });
    const record = await probeProvider(wiki, { sandbox: null, root: await temp.dir(), sampleTask: await temp.task() });
    expect(record.identity.setup.status).toBe('skipped');
    expect(record.identity.index.status).toBe('skipped');
    expect(record.eligibility.status).toBe('excluded');
    expect(record.eligibility.reasons).toEqual([expect.stringMatching(/^no-interface: .*Confluence/)]);
  });

  it.concurrent('excludes a provider declared with an unpinned version', async (context) => {
    const { expect } = context;
    const temp = scratch(context);
    const record = await probeProvider(provider({ version: '^1.0.0' }), {
      sandbox: null,
      root: await temp.dir(),
      sampleTask: await temp.task(),
    });
    expect(record.eligibility.status).toBe('excluded');
    expect(record.eligibility.reasons).toEqual([expect.stringMatching(/^unpinned-version: "\^1\.0\.0"/)]);
  });

  it.concurrent('excludes an API provider whose calls cannot be observed, and admits one whose adapter logs them', async (context) => {
    const { expect } = context;
    const temp = scratch(context);
    const api = (observableCalls: boolean) =>
      provider({
        id: 'local-api',
        interface: { type: 'api', baseUrl: 'http://127.0.0.1:9/', observableCalls },
        index: undefined,
        allowedTools: ['query'],
      });
    const hidden = await probeProvider(api(false), { sandbox: null, root: await temp.dir() });
    expect(hidden.eligibility.reasons).toEqual([expect.stringMatching(/^unobservable: /)]);
    const logged = await probeProvider(api(true), { sandbox: null, root: await temp.dir() });
    expect(logged.eligibility.status).toBe('eligible');
    expect(logged.identity.observability).toBe('declared');
  });

  it.concurrent('excludes a provider whose index command fails on the task snapshot', async (context) => {
    const { expect } = context;
    const temp = scratch(context);
    const failing = provider({
      index: { command: 'node', args: ['-e', 'process.stderr.write("index exploded"); process.exit(3)'] },
    });
    const record = await probeProvider(failing, {
      sandbox: null,
      root: await temp.dir(),
      sampleTask: await temp.task(),
    });
    expect(record.identity.index.status).toBe('failed');
    expect(record.eligibility.reasons).toEqual([
      expect.stringMatching(/^setup-failed: index command: "node" exited with code 3: index exploded/),
    ]);
  });

  it.concurrent('excludes a provider whose index command edits the snapshot it indexes', async (context) => {
    const { expect } = context;
    const temp = scratch(context);
    const editing = provider({
      index: { command: 'node', args: ['-e', 'require("fs").writeFileSync("src/app.js", "changed")'] },
    });
    const record = await probeProvider(editing, {
      sandbox: null,
      root: await temp.dir(),
      sampleTask: await temp.task(),
    });
    expect(record.eligibility.reasons).toEqual([
      expect.stringMatching(/^setup-failed: index command: .*changed the tree it indexed/),
    ]);
  });

  it.concurrent('follows every page of tools/list', async (context) => {
    const { expect } = context;
    const temp = scratch(context);
    const record = await probeProvider(brokenMcp('paged-tools.mjs'), { sandbox: null, root: await temp.dir() });
    expect(record.identity.tools).toEqual(['alpha', 'bravo', 'charlie', 'delta', 'echo']);
    expect(record.eligibility.status).toBe('eligible');
  });

  it.concurrent('probes a CLI provider by the digests of its version and help output', async (context) => {
    const { expect } = context;
    const temp = scratch(context);
    const cli = provider({
      id: 'fake-context',
      interface: { type: 'cli', command: join(BROKEN, 'fake-cli.mjs') },
      version: '2.1.0',
      index: undefined,
      allowedTools: [],
    });
    const first = await probeProvider(cli, { sandbox: null, root: await temp.dir() });
    const second = await probeProvider(cli, { sandbox: null, root: await temp.dir() });
    expect(first.identity.interface).toMatchObject({ type: 'cli', versionLine: 'fake-context 2.1.0' });
    expect(first.identity.observability).toBe('command-log');
    expect(first.identity.tools).toEqual(['fake-cli.mjs']);
    expect(first.eligibility.status).toBe('eligible');
    expect(second.digest).toBe(first.digest);
  });
});
