import { describe, expect, it } from 'vitest';
import { probeProvider } from '../../src/probe/probe.js';
import { tempDir } from '../helpers/temp.js';
import { provider, sampleTask } from './support.js';

/** The code-search server asked about a symbol no task has: it answers with text saying so. */
function asking(noResult?: string[]) {
  return provider({
    probe: { sample: { tool: 'search_code', args: { query: 'noSuchSymbolAnywhere' } } },
    ...(noResult ? { noResult } : {}),
  });
}

describe("a provider's own way of saying it found nothing", () => {
  it.concurrent('fails the sample call when declared, and is an answer when not (the control)', async ({
    onTestFinished,
  }) => {
    const options = async () => ({
      sandbox: null,
      root: await tempDir(undefined, onTestFinished),
      sampleTask: await sampleTask(undefined, undefined, await tempDir(undefined, onTestFinished)),
    });
    const undeclared = await probeProvider(asking(), await options());
    expect(undeclared.identity.sample.status).toBe('ok');
    expect(undeclared.measurements.sample).toMatchObject({ empty: false });
    const declared = await probeProvider(asking(['no matches for']), await options());
    expect(declared.measurements.sample).toMatchObject({ empty: true });
    expect(declared.identity.sample).toMatchObject({ status: 'failed', detail: 'the answer is empty' });
    expect(declared.eligibility.status).toBe('excluded');
  });
});
