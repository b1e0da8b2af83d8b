import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ProviderSchema } from '../../src/contracts/provider.js';
import { loadTask } from '../../src/corpus/load.js';
import { probeProvider } from '../../src/probe/probe.js';
import { RECIPES, recipeDeclaration } from '../../src/providers/recipes.js';
import { tempDir } from '../helpers/temp.js';
import { crossover, installProviderOnce, REPO, SANDBOX } from './support.js';

const TASK = join(REPO, 'fixtures/tasks/valid-node');

describe('provider recipes are data, checked like any declaration', () => {
  it('every recipe parses as a provider declaration, and the not-probed ones say so', () => {
    for (const name of Object.keys(RECIPES)) expect(recipeDeclaration(name).id).toBe(name);
    for (const name of ['serena', 'repowise', 'graphify']) {
      expect(RECIPES[name]?.probed).toBe(false);
      expect(RECIPES[name]?.summary).toContain('NOT PROBED');
    }
  });

  it('`crossover providers add codegraph` prints the checked declaration; --out writes it; an unknown recipe lists the known', async () => {
    const root = await tempDir();
    const printed = await crossover(root, ['providers', 'add', 'codegraph']);
    expect(printed.code, printed.err).toBe(0);
    const declaration = ProviderSchema.parse(JSON.parse(printed.out));
    expect(declaration.env).toMatchObject({ CODEGRAPH_NO_DAEMON: '1', CODEGRAPH_TELEMETRY: '0' });
    expect(declaration.index?.inTree).toEqual(['.codegraph']);
    const written = await crossover(root, ['providers', 'add', 'codegraph', '--out', 'codegraph.json']);
    expect(written.code).toBe(0);
    const unknown = await crossover(root, ['providers', 'add', 'nope']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.err).toContain('known recipes: codegraph, deepwiki');
  });

  it('the infrastructure examples probe excluded with the reason', async () => {
    for (const name of ['pggraph', 'hydradb']) {
      const record = await probeProvider(recipeDeclaration(name), { sandbox: SANDBOX, root: await tempDir() });
      expect(record.eligibility.status).toBe('excluded');
      expect(record.eligibility.reasons[0]).toMatch(/^infrastructure: /);
    }
  });
});

describe('hosted providers', () => {
  it('DeepWiki probes blocked until approved; approved but unreachable, its sample call fails the probe', async () => {
    await installProviderOnce('mcp-deepwiki@0.0.10');
    const declaration = recipeDeclaration('deepwiki');
    const sampleTask = await loadTask(TASK);
    const unapproved = await probeProvider(declaration, { sandbox: SANDBOX, root: REPO, sampleTask });
    expect(unapproved.eligibility.status, unapproved.eligibility.reasons.join('\n')).toBe('blocked');
    expect(unapproved.eligibility.reasons.join('\n')).toContain('egress-not-approved');

    // No route to deepwiki.com from this machine: the fetch answers {"content": []} without an error.
    const approved = await probeProvider(declaration, {
      sandbox: SANDBOX,
      root: REPO,
      sampleTask,
      approvedEgress: true,
    });
    expect(approved.identity.setup.status).toBe('ok');
    expect(approved.identity.sample.status).toBe('failed');
    expect(approved.eligibility.status).toBe('excluded');
    expect(approved.eligibility.reasons.join('\n')).toMatch(/sample-failed: deepwiki_fetch/);
  }, 600_000);

  it('Sourcegraph without its credential is blocked naming it; with it, the token reaches the server as a header and no artifact', async () => {
    const seen: string[] = [];
    const server = createServer((request, response) => {
      seen.push(String(request.headers.authorization ?? ''));
      response.writeHead(401, { 'content-type': 'text/plain' }).end('no');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const recipe = recipeDeclaration('sourcegraph');
      const declaration = ProviderSchema.parse({
        ...recipe,
        interface: { ...recipe.interface, url: `http://127.0.0.1:${port}/.api/mcp/v1` },
      });
      const without = await probeProvider(declaration, {
        sandbox: SANDBOX,
        root: await tempDir(),
        env: { PATH: process.env.PATH },
      });
      expect(without.eligibility.status).toBe('blocked');
      expect(without.eligibility.reasons.join('\n')).toContain('credential-missing: SRC_ACCESS_TOKEN');
      expect(seen).toEqual([]);

      const canary = 'sgp_canary_7f3a9c1e5b';
      const record = await probeProvider(declaration, {
        sandbox: SANDBOX,
        root: await tempDir(),
        env: { PATH: process.env.PATH, SRC_ACCESS_TOKEN: canary },
        approvedEgress: true,
      });
      expect(seen.some((header) => header === `token ${canary}`)).toBe(true);
      expect(JSON.stringify(record)).not.toContain(canary);
      expect(record.identity.setup.status).toBe('failed');
    } finally {
      server.close();
    }
  });
});
