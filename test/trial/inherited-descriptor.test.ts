import { execFile } from 'node:child_process';
import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CONTAINED } from '../helpers/backends.js';
import { tempDir } from '../helpers/temp.js';

const repo = join(import.meta.dirname, '../..');
const HOLDER = join(import.meta.dirname, 'scripts/descriptor-holder.mjs');

describe('a descriptor the harness inherited without close-on-exec', () => {
  it.each(CONTAINED)(
    'does not reach the agent (sandbox %s); left open, the agent reads through it (the test is real)',
    async (backend) => {
      const hidden = await tempDir();
      await chmod(hidden, 0o755); // readable by the agent's uid: only the descriptor is kept from it
      await writeFile(join(hidden, 'secret.txt'), 'the hidden reference\n', { mode: 0o644 });
      const trialDir = await tempDir();
      // bash opens descriptor 20 on the hidden directory, then execs Node: nothing marks it close-on-exec.
      const { stdout } = await promisify(execFile)(
        '/bin/bash',
        [
          '-c',
          'exec 20<"$1"; exec "$2" "$3" "$4" "$5" "$6"',
          'holder',
          hidden,
          process.execPath,
          HOLDER,
          join(repo, 'dist'),
          trialDir,
          backend,
        ],
        { timeout: 60_000 },
      );
      const result = JSON.parse(stdout) as { closed: string; open: string };
      expect(result.open).toBe('the hidden reference');
      expect(result.closed).toBe('no descriptor 20');
    },
  );
});
