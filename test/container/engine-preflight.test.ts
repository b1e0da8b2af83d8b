import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadTask } from '../../src/corpus/load.js';
import { engineCommand, resolveContainerEngine } from '../../src/io/container-engine.js';
import { containerPlace } from '../../src/io/container-host.js';
import { imageId } from '../../src/io/container-image.js';
import { runAdHocTrial } from '../../src/trial/ad-hoc.js';
import { builtCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';
import { compactTask } from './tasks.js';

/** The compact test's image (task-images.test.ts): the Debian base, so one build serves both. */
const COMPACT_DOCKERFILE = 'FROM crossover/bookworm:base\nLABEL org.crossover.test=compact\n';
/** What Podman's crun said on this machine's hybrid cgroups, where it answered `version` but started nothing. */
const REFUSAL =
  'Error: OCI runtime error: crun: cgroups in hybrid mode not supported, drop all controllers from cgroupv2';

/** An engine that answers like Docker (it is Docker) but cannot start a container: every `run` is refused. */
async function refusingEngine(dir: string): Promise<string> {
  const path = join(dir, 'docker');
  await writeFile(
    path,
    `#!/bin/sh\nif [ "$1" = run ]; then echo '${REFUSAL}' >&2; exit 126; fi\nexec /usr/bin/docker "$@"\n`,
  );
  await chmod(path, 0o755);
  return path;
}

describe('a container engine that answers but cannot start a container', () => {
  it('blocks the place and the trial as the machine’s failure, never the agent’s', async ({ onTestFinished }) => {
    const root = await tempDir('crossover-preflight-', onTestFinished);
    const dir = await compactTask(join(root, 'valid-node'), COMPACT_DOCKERFILE);
    const built = await builtCli(root, ['env', 'build', '--task', dir]);
    expect(built.code, built.out + built.err).toBe(0);
    const engine = await resolveContainerEngine();
    if ('reason' in engine) throw new Error(engine.reason);
    const image = (await imageId(engine, 'crossover/bookworm:base')) as string;
    // The real engine runs a container of the image: the place is had.
    expect(await containerPlace(image)).toMatchObject({ image, engine: { path: engine.path } });

    vi.stubEnv('CROSSOVER_CONTAINER_ENGINE', await refusingEngine(root));
    const refusing = await resolveContainerEngine();
    if ('reason' in refusing) throw new Error(refusing.reason);
    // The fault is real: this engine answers, yet the very command a trial's agent runs through is refused.
    expect(refusing.version).toBe(engine.version);
    const run = await engineCommand(refusing, ['run', '--rm', image, 'true']);
    expect({ code: run.code, said: run.stderr.trim() }).toEqual({ code: 126, said: REFUSAL });

    const place = await containerPlace(image);
    expect(place).toEqual({ reason: expect.stringContaining(`${refusing.path} cannot run a container of ${image}`) });
    expect((place as { reason: string }).reason).toContain('cgroups in hybrid mode not supported');

    const { receipt } = await runAdHocTrial({
      root,
      task: await loadTask(dir),
      command: 'true',
      sandbox: 'container',
      timeoutMs: 60_000,
      readOnly: [],
      loopback: false,
    });
    expect(receipt.status).not.toBe('agent-error');
    expect(receipt.findings.map((finding) => finding.detail).join('\n')).toContain('cannot run a container');
    expect(receipt).toMatchObject({ status: 'setup-failed', checksRun: 0 });
  }, 180_000);
});
