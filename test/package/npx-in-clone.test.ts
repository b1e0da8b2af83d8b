import { statSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp.js';

const REPO = join(import.meta.dirname, '../..');
const LAST_OUTPUT = join(REPO, 'dist/bundled/harness.js');

describe('`npx crossover` in a clone', () => {
  it("runs the clone's own CLI, building nothing, also when two start together", async () => {
    // a fresh exec cache, as on a new machine: npm links the clone into it and runs its `prepare` once
    const cache = await tempDir('crossover-npm-cache-');
    const env = { ...process.env, npm_config_cache: cache, npm_config_update_notifier: 'false' };
    const built = statSync(LAST_OUTPUT).mtimeMs;
    const direct = await execa(process.execPath, [join(REPO, 'bin/crossover.js'), '--help'], { cwd: REPO });
    const [first, second] = await Promise.all(
      [0, 1].map(() => execa('npx', ['crossover', '--help'], { cwd: REPO, env, all: true, reject: false })),
    );
    for (const run of [first, second]) {
      expect(run?.exitCode, run?.all).toBe(0);
      expect(run?.stdout).toBe(direct.stdout);
      expect(run?.all).not.toContain('npm run build');
    }
    expect(statSync(LAST_OUTPUT).mtimeMs).toBe(built);
  });
});
