import assert from 'node:assert/strict';
import { runCli } from './lib/cli.mjs';

const FILES = {
  '.env': 'PORT=8080\nHOST=127.0.0.1\nNAME=orders\nQUOTE="it\'s \\"ok\\""\n',
  '.env.local': 'HOST=0.0.0.0\nDEBUG=1\n',
  '.env.staging': 'PORT=8080\nHOST=stage.internal\nOLD=1\n',
  'schema.json': JSON.stringify({
    PORT: { type: 'port', required: true },
    HOST: { type: 'string' },
    WORKERS: { type: 'integer', default: 4 },
    DATABASE_URL: { type: 'url', required: true },
  }),
  'bad-port.env': 'PORT=80a\nDATABASE_URL=postgres://db/app\n',
};

// Existing behaviour: merging, output formats, schemas, diff, usage and file errors, exit codes.
export default async function ({ workspace }) {
  const json = await runCli(workspace, ['print', '.env', '.env.local', '--format=json'], FILES);
  assert.equal(json.code, 0);
  assert.deepEqual(JSON.parse(json.stdout), { PORT: '8080', HOST: '0.0.0.0', NAME: 'orders', QUOTE: 'it\'s "ok"', DEBUG: '1' });

  const shell = await runCli(workspace, ['print', '.env', '--format', 'shell'], FILES);
  assert.equal(shell.stdout, "export PORT='8080'\nexport HOST='127.0.0.1'\nexport NAME='orders'\nexport QUOTE='it'\\''s \"ok\"'\n");
  const dotenv = await runCli(workspace, ['print', '.env.local'], FILES);
  assert.equal(dotenv.stdout, 'HOST="0.0.0.0"\nDEBUG="1"\n');

  const missing = await runCli(workspace, ['validate', '.env', '--schema', 'schema.json'], FILES);
  assert.deepEqual([missing.code, missing.stderr], [1, 'schema: DATABASE_URL: required but not set\n']);
  const badPort = await runCli(workspace, ['validate', 'bad-port.env', '--schema', 'schema.json'], FILES);
  assert.deepEqual([badPort.code, badPort.stderr], [1, 'schema: PORT: expected a port number (1-65535), got "80a"\n']);
  const withDefaults = await runCli(workspace, ['print', '.env', '--schema', 'schema.json', '--format', 'json'], {
    ...FILES,
    '.env': `${FILES['.env']}DATABASE_URL=postgres://db/app\n`,
  });
  assert.equal(JSON.parse(withDefaults.stdout).WORKERS, '4', 'schema defaults are filled in');

  const diff = await runCli(workspace, ['diff', '.env.staging', '.env'], FILES);
  assert.equal(diff.code, 0);
  assert.equal(diff.stdout, '~ HOST: "stage.internal" -> "127.0.0.1"\n- OLD\n+ NAME="orders"\n+ QUOTE="it\'s \\"ok\\""\n');

  const noFile = await runCli(workspace, ['validate', 'nope.env'], FILES);
  assert.deepEqual([noFile.code, noFile.stderr], [1, 'nope.env: no such file\n']);
  const usage = await runCli(workspace, ['validate', '.env', '--strict'], FILES);
  assert.equal(usage.code, 2);
  assert.match(usage.stderr, /unknown option --strict/);
  assert.equal((await runCli(workspace, ['frobnicate'], FILES)).code, 2);
  const help = await runCli(workspace, ['--help'], FILES);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /^usage: envcheck/);
}
