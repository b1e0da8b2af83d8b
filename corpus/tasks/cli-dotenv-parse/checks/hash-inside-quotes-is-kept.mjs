import assert from 'node:assert/strict';
import { loadPackage, runCli } from './lib/cli.mjs';

const ENV = [
  '# Service settings',
  'DATABASE_URL="postgres://app:s3cr#t@db.internal:5432/app"  # primary',
  "ACCENT='#ff6600' # brand orange",
  'GREETING="Hello # world"',
  'TAG="v1" #release',
  'PASSWORD="p # w"',
  'NEXT=1',
  '',
].join('\n');

// Inside quotes '#' is part of the value; only after the closing quote can a comment start.
export default async function ({ workspace }) {
  const { parseDotenv } = await loadPackage(workspace);
  assert.deepEqual(parseDotenv(ENV), {
    DATABASE_URL: 'postgres://app:s3cr#t@db.internal:5432/app',
    ACCENT: '#ff6600',
    GREETING: 'Hello # world',
    TAG: 'v1',
    PASSWORD: 'p # w',
    NEXT: '1',
  });
  assert.deepEqual(parseDotenv('MULTI="first # line\nsecond # line" # note\nAFTER=yes\n'), { MULTI: 'first # line\nsecond # line', AFTER: 'yes' });

  const { code, stdout, stderr } = await runCli(workspace, ['print', '.env', '--format', 'json'], { '.env': ENV });
  assert.equal(stderr, '');
  assert.equal(code, 0);
  assert.equal(JSON.parse(stdout).GREETING, 'Hello # world');
  assert.equal(JSON.parse(stdout).NEXT, '1');
}
