import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentPrefix, readInstalledAgent } from '../../src/io/agent-install.js';
import { loopbackRegistry } from '../helpers/npm-registry.js';
import { tempDir } from '../helpers/temp.js';
import { cli, REPO } from '../plugin/project.js';

/** Claude Code's package name and bin on a loopback registry: a stand-in, not Claude Code. */
const STAND_IN = join(REPO, 'fixtures/packages/claude-code-stand-in');
const TIMEOUT = 300_000;

describe('two agent installs at once', () => {
  it(
    'into an empty prefix: one installs, the other waits and finds it installed; both succeed',
    async () => {
      const registry = await loopbackRegistry([STAND_IN]);
      const root = await tempDir();
      const argv = ['agents', 'install', 'claude-code@0.1.0'];
      const results = await Promise.all([cli(root, argv), cli(root, argv)]);
      for (const result of results) expect(result.code, result.err).toBe(0);
      const said = results.map((result) => result.out.split(' ')[0]).sort();
      expect(said).toEqual(['already', 'installed']);
      // npm ran once: one packument, one tarball.
      expect(registry.requests).toEqual([
        '/@anthropic-ai/claude-code',
        '/-/tarballs/anthropic-ai-claude-code-0.1.0.tgz',
      ]);

      const installed = await readInstalledAgent(root, 'claude-code', '0.1.0');
      expect(installed?.executable).toBe('node_modules/@anthropic-ai/claude-code/cli.js');
      const launcher = join(agentPrefix(root, 'claude-code', '0.1.0'), installed?.launcher ?? 'missing');
      expect(execFileSync(launcher, { encoding: 'utf8' })).toBe('0.1.0 (stand-in, not Claude Code)\n');
    },
    TIMEOUT,
  );
});
