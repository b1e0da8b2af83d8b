import assert from 'node:assert/strict';
import { loadPackage, runCli } from './lib/cli.mjs';

// `export KEY=value` (a file that is also sourced by a shell) defines KEY.
export default async function ({ workspace }) {
  const { parseDotenv } = await loadPackage(workspace);
  assert.deepEqual(parseDotenv('export API_TOKEN=abc123\nexport  DB_NAME="orders db"\nexport\tREGION=eu-west-1\nPLAIN=1\n'), {
    API_TOKEN: 'abc123',
    DB_NAME: 'orders db',
    REGION: 'eu-west-1',
    PLAIN: '1',
  });
  assert.deepEqual(parseDotenv('export=1\nexporter=2\n'), { export: '1', exporter: '2' }, 'variables named like the prefix');

  const files = {
    '.env': 'PORT=8080\nexport DATABASE_URL=postgres://db.internal/app\nexport DEBUG=true\n',
    'schema.json': JSON.stringify({ PORT: { type: 'port', required: true }, DATABASE_URL: { type: 'url', required: true }, DEBUG: { type: 'boolean' } }),
  };
  const result = await runCli(workspace, ['validate', '.env', '--schema', 'schema.json'], files);
  assert.equal(result.stderr, '');
  assert.equal(result.code, 0);
  assert.equal(result.stdout, 'ok: 3 variables in .env\n');
}
