import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp.js';
import { hostileTrial } from './hostile.js';

/** A `bwrap` that leaves a marker and runs its argv bare: what an agent that could write PATH would plant. */
async function plantBwrap(): Promise<{ binDir: string; ran: string }> {
  const binDir = await tempDir();
  const ran = join(binDir, 'planted-bwrap-ran');
  const script = `#!/bin/sh\ntouch ${ran}\n[ "$1" = --version ] && echo "bubblewrap 9.8.7" && exit 0\nwhile [ "$1" != -- ]; do shift; done; shift; exec "$@"\n`;
  await writeFile(join(binDir, 'bwrap'), script, { mode: 0o755 });
  return { binDir, ran };
}

describe('a bwrap planted earlier on PATH', () => {
  it('is never run by a trial: bubblewrap is started by its absolute system path', async () => {
    const { binDir, ran } = await plantBwrap();
    const path = process.env.PATH;
    process.env.PATH = `${binDir}:${path}`;
    try {
      const receipt = await hostileTrial({ script: 'write-outside.mjs', args: [] });
      expect(receipt.sandbox).toMatchObject({ kind: 'bubblewrap', version: expect.not.stringMatching('9.8.7') });
    } finally {
      process.env.PATH = path;
    }
    expect(existsSync(ran)).toBe(false);
  });

  it('is what a PATH lookup of bwrap runs (the test is real)', async () => {
    const { binDir, ran } = await plantBwrap();
    const { stdout } = await promisify(execFile)('bwrap', ['--version'], { env: { PATH: `${binDir}:/usr/bin:/bin` } });
    expect(stdout.trim()).toBe('bubblewrap 9.8.7');
    expect(existsSync(ran)).toBe(true);
  });
});
