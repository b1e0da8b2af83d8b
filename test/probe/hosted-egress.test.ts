import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Provider } from '../../src/contracts/provider.js';
import { probeProvider } from '../../src/probe/probe.js';
import { loopbackHttpMcp } from '../helpers/http-mcp.js';
import { tempDir } from '../helpers/temp.js';
import { provider, sampleTask } from './support.js';

/** A hosted provider whose index command leaves a marker if it ever runs (it would upload the snapshot). */
function hostedProvider(marker: string): Provider {
  return provider({
    id: 'hosted-search',
    mode: 'hosted',
    egress: { hosts: ['search.example.com'], sendsSource: true },
    index: { command: 'node', args: ['-e', `require("fs").writeFileSync(${JSON.stringify(marker)}, "uploaded")`] },
  });
}

describe('hosted egress', () => {
  it('blocks a hosted provider without an approval and never runs its index on task source', async () => {
    const marker = join(await tempDir(), 'uploaded');
    const record = await probeProvider(hostedProvider(marker), {
      sandbox: null,
      root: await tempDir(),
      sampleTask: await sampleTask(),
    });
    expect(existsSync(marker)).toBe(false);
    expect(record.identity.index).toMatchObject({ status: 'skipped', sampleTask: 'sample-task', revision: null });
    expect(record.identity.egress).toMatchObject({ posture: 'remote', needsApproval: true, approved: false });
    expect(record.eligibility.status).toBe('blocked');
    expect(record.eligibility.cohort).toBeNull();
    expect(record.eligibility.reasons).toEqual([
      expect.stringMatching(
        /^egress-not-approved: hosted provider sends task source reaching search\.example\.com; .*"hosted-search"/,
      ),
    ]);
  });

  it('starts an unapproved hosted provider only in an empty directory, so no source reaches it', async () => {
    const scratch = await tempDir();
    const listing = join(scratch, 'listing.json');
    const spy = provider({
      id: 'hosted-cli',
      mode: 'hosted',
      index: undefined,
      interface: {
        type: 'cli',
        command: 'node',
        versionArgs: [
          '-e',
          `require("fs").writeFileSync(${JSON.stringify(listing)}, JSON.stringify(require("fs").readdirSync(".")))`,
        ],
        helpArgs: ['-e', ''],
      },
    });
    const record = await probeProvider(spy, { sandbox: null, root: await tempDir(), sampleTask: await sampleTask() });
    expect(JSON.parse(await readFile(listing, 'utf8'))).toEqual([]);
    expect(record.eligibility.status).toBe('blocked');
  });

  it('indexes and admits a hosted provider in the hosted cohort once an approval names it', async () => {
    const marker = join(await tempDir(), 'uploaded');
    const hosted = provider({ ...hostedProvider(marker), index: provider().index });
    const record = await probeProvider(hosted, {
      sandbox: null,
      root: await tempDir(),
      sampleTask: await sampleTask(),
      approvedEgress: true,
    });
    expect(record.identity.index.status).toBe('ok');
    expect(record.eligibility).toMatchObject({ status: 'eligible', cohort: 'hosted' });

    await probeProvider(hostedProvider(marker), {
      sandbox: null,
      root: await tempDir(),
      sampleTask: await sampleTask(),
      approvedEgress: true,
    });
    expect(await readFile(marker, 'utf8')).toBe('uploaded');
  });

  it('does not contact a non-loopback MCP server without an approval', async () => {
    const remote = provider({
      id: 'remote-mcp',
      mode: 'hosted',
      interface: { type: 'mcp-http', url: 'https://mcp.example.invalid/mcp' },
      index: undefined,
      allowedTools: [],
    });
    const record = await probeProvider(remote, { sandbox: null, root: await tempDir() });
    expect(record.identity.setup).toEqual({ status: 'skipped', detail: expect.stringMatching(/^not contacted/) });
    expect(record.measurements.setupMs).toBeNull();
    expect(record.eligibility.status).toBe('blocked');
  });

  it('handshakes with a loopback MCP server over streamable HTTP, which needs no approval', async () => {
    const { url } = await loopbackHttpMcp();
    const local = provider({
      id: 'loopback-mcp',
      version: '3.0.0',
      interface: { type: 'mcp-http', url },
      index: undefined,
      allowedTools: [],
    });
    const record = await probeProvider(local, { sandbox: null, root: await tempDir() });
    expect(record.identity.interface).toMatchObject({
      type: 'mcp',
      transport: 'http',
      serverInfo: { name: 'loopback-search', version: '3.0.0' },
    });
    expect(record.identity.egress.posture).toBe('loopback');
    expect(record.eligibility).toMatchObject({ status: 'eligible', cohort: 'local' });
  });
});
