import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { withBuildLock } from '../../src/io/build-lock.js';
import { tempDir } from '../helpers/temp.js';

describe('the build lock concurrent trials wait on', () => {
  it('does not take over a lock that is there but holds no pid yet (its holder is between creating and writing it)', async () => {
    const lock = join(await tempDir(), 'index.lock');
    await writeFile(lock, '');
    let built = false;
    const waiting = withBuildLock(lock, async () => {
      built = true;
    });
    // Several polls go by; a fresh pid-less lock is someone's, so the builder must still be waiting.
    await sleep(500);
    expect(built).toBe(false);
    await rm(lock);
    await waiting;
    expect(built).toBe(true);
  });

  it('takes over a lock whose holder no longer runs', async () => {
    const lock = join(await tempDir(), 'index.lock');
    // A pid that cannot be running: above the kernel's pid limit.
    await writeFile(lock, String(2 ** 22 + 1));
    expect(await withBuildLock(lock, async () => 'built')).toBe('built');
  });

  it('runs eight concurrent builders of one lock one at a time', async () => {
    const lock = join(await tempDir(), 'index.lock');
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 8 }, () =>
        withBuildLock(lock, async () => {
          inside += 1;
          most = Math.max(most, inside);
          await sleep(10);
          inside -= 1;
        }),
      ),
    );
    expect(most).toBe(1);
  });
});
