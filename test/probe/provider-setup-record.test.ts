import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseWith } from '../../src/contracts/errors.js';
import { ProviderSchema } from '../../src/contracts/provider.js';
import { substitute } from '../../src/provider-runtime/launch.js';
import { ensureProviderSetup, findProviderSetup } from '../../src/provider-runtime/provider-setup.js';
import { tempDir } from '../helpers/temp.js';
import { provider } from './support.js';

// biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder a declaration writes
const SETUP_DIR = '${CROSSOVER_SETUP_DIR}';

/** A provider whose setup writes one file with node, bare: no sandbox needed to test the record. */
const writesModel = provider({
  id: 'writes-model',
  setup: { command: 'node', args: ['-e', "require('node:fs').writeFileSync('model.txt', 'weights')"] },
});

describe('the setup declaration and its record', () => {
  it('the declaration is closed: an unknown or wrong field is named', () => {
    const declared = (setup: unknown) => () =>
      parseWith(ProviderSchema, { ...provider(), setup }, 'experiments/providers/p.json');
    expect(declared({ command: 'node', argz: [] })).toThrow(
      'experiments/providers/p.json: invalid\n  $.setup.argz: unknown field (not allowed here)',
    );
    expect(declared({ command: 'node', timeoutSec: 0 })).toThrow('$.setup.timeoutSec');
    expect(declared({ args: [] })).toThrow('$.setup.command');
    // Positive control: a well-formed one parses, defaults filled.
    expect(ProviderSchema.parse({ ...provider(), setup: { command: 'node' } }).setup).toEqual({
      command: 'node',
      args: [],
      timeoutSec: 600,
    });
  });

  it('the setup directory placeholder where there is no setup directory is an error naming the field', () => {
    expect(() => substitute(`${SETUP_DIR}/model`, { workspace: '/w' }, '$.index.args[0]')).toThrow(
      `$.index.args[0]: ${SETUP_DIR} is used where there is no CROSSOVER_SETUP_DIR`,
    );
    expect(substitute(`${SETUP_DIR}/model`, { setupDir: '/s' }, '$.index.args[0]')).toBe('/s/model');
  });

  it('is found once built, and a record that is malformed, of another key, or whose tree changed is refused by file and field', async () => {
    const root = await tempDir();
    const options = { root, baseDir: root, env: process.env, sandbox: null };
    expect(await findProviderSetup(writesModel, options)).toBeNull();
    const built = await ensureProviderSetup(writesModel, options);
    expect(await readFile(join(built.dir, 'model.txt'), 'utf8')).toBe('weights');
    expect(await findProviderSetup(writesModel, options)).toEqual({
      dir: built.dir,
      record: built.record,
      digest: built.digest,
    });

    const recordFile = join(built.dir, '..', 'provider-setup.json');
    const good = await readFile(recordFile, 'utf8');
    const record = JSON.parse(good);
    await writeFile(recordFile, JSON.stringify({ ...record, digest: 'sha256:nope' }));
    await expect(findProviderSetup(writesModel, options)).rejects.toThrow(
      `${recordFile}: invalid\n  $.digest: expected a digest`,
    );
    await writeFile(recordFile, JSON.stringify({ ...record, key: `sha256:${'0'.repeat(64)}` }));
    await expect(findProviderSetup(writesModel, options)).rejects.toThrow(
      `${recordFile}: $.key: expected ${record.key}`,
    );

    await writeFile(recordFile, good);
    await writeFile(join(built.dir, 'model.txt'), 'other weights');
    await expect(findProviderSetup(writesModel, options)).rejects.toMatchObject({
      code: 'drift',
      message: expect.stringContaining(`${recordFile}: $.digest: the setup directory now digests to`),
    });
  });
});
