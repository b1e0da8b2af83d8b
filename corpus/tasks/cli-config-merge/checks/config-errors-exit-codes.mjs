import assert from 'node:assert/strict';
import { fixture, runCli } from './lib/cli.mjs';

// Existing behaviour: usage errors exit 2, invalid configuration exits 1, both explain on stderr.
export default async function ({ workspace }) {
  const cwd = fixture('bare');

  const typo = await runCli(workspace, ['config', '--prot', '3000'], { cwd });
  assert.equal(typo.code, 2, 'unknown flag');
  assert.match(typo.stderr, /--prot/);

  const command = await runCli(workspace, ['deploy'], { cwd });
  assert.equal(command.code, 2, 'unknown command');

  const port = await runCli(workspace, ['config'], { cwd, env: { SITEGEN_SERVER__PORT: '99999' } });
  assert.equal(port.code, 1, 'port out of range');
  assert.match(port.stderr, /server\.port/);

  const word = await runCli(workspace, ['config'], { cwd, env: { SITEGEN_SERVER__OPEN: 'maybe' } });
  assert.equal(word.code, 1, 'not a boolean word');
  assert.match(word.stderr, /SITEGEN_SERVER__OPEN/);

  const unknownEnv = await runCli(workspace, ['config'], { cwd, env: { SITEGEN_BUILD__OUTDIR_TYPO: 'x' } });
  assert.equal(unknownEnv.code, 1, 'unknown key from the environment');

  const missing = await runCli(workspace, ['config', '--config', 'nope.json'], { cwd });
  assert.equal(missing.code, 1, 'missing --config file');
  assert.match(missing.stderr, /nope\.json/);

  const ignored = await runCli(workspace, ['config', '--get', 'server.port'], { cwd, env: { HOME: '/root', PATH: '/bin' } });
  assert.equal(ignored.stdout.trim(), '8080', 'variables without the SITEGEN_ prefix are ignored');
}
