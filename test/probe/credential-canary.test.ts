import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { probeProvider } from '../../src/probe/probe.js';
import { tempDir } from '../helpers/temp.js';
import { brokenMcp, provider, sampleTask } from './support.js';

const NAME = 'CROSSOVER_CANARY_TOKEN';

function canaryEnv(): { env: NodeJS.ProcessEnv; canary: string } {
  const canary = `canary-${randomBytes(16).toString('hex')}`;
  return { env: { ...process.env, [NAME]: canary }, canary };
}

describe('credential values never enter a probe record', () => {
  it('records a credential by name and availability while a hostile server echoes its value everywhere', async () => {
    const { env, canary } = canaryEnv();
    const leaky = brokenMcp('leaky.mjs', ['--leak', NAME], { credentials: [NAME] });
    const record = await probeProvider(leaky, {
      sandbox: null,
      root: await tempDir(),
      env,
      sampleTask: await sampleTask(),
    });
    expect(record.identity.setup.status).toBe('ok');
    expect(record.identity.credentials).toEqual([{ name: NAME, available: true }]);
    expect(record.identity.tools).toEqual(['lookup_<redacted>']);
    expect(JSON.stringify(record)).not.toContain(canary);
  });

  it("keeps the value out of a failed setup's stderr tail", async () => {
    const { env, canary } = canaryEnv();
    const crashing = brokenMcp('leaky.mjs', ['--leak', NAME, '--crash'], { credentials: [NAME] });
    const record = await probeProvider(crashing, { sandbox: null, root: await tempDir(), env });
    expect(record.eligibility.status).toBe('excluded');
    expect(record.identity.setup.detail).toContain('token <redacted> rejected');
    expect(JSON.stringify(record)).not.toContain(canary);
  });

  it('records a declared credential that is not set as unavailable', async () => {
    const record = await probeProvider(provider({ credentials: [NAME] }), {
      sandbox: null,
      root: await tempDir(),
      env: { PATH: process.env.PATH },
    });
    expect(record.identity.credentials).toEqual([{ name: NAME, available: false }]);
  });

  it('never hands an undeclared secret of the caller to a provider process', async () => {
    const { env, canary } = canaryEnv();
    const echo = provider({
      id: 'env-echo',
      index: undefined,
      interface: {
        type: 'cli',
        command: 'node',
        versionArgs: ['-e', `console.log(process.env.${NAME} ?? "absent")`],
        helpArgs: ['-e', ''],
      },
    });
    const record = await probeProvider(echo, { sandbox: null, root: await tempDir(), env });
    expect(record.identity.interface).toMatchObject({ type: 'cli', versionLine: 'absent' });
    expect(JSON.stringify(record)).not.toContain(canary);
  });
});
