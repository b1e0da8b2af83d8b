import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseArgv } from '../src/cli/argv.js';

test('parses the command, values and negations', () => {
  assert.deepEqual(parseArgv(['build', '--out', 'public', '--no-drafts', '--dry-run']), {
    command: 'build',
    positionals: [],
    flags: { out: 'public', drafts: false, 'dry-run': true },
  });
});

test('accepts --name=value', () => {
  assert.deepEqual(parseArgv(['serve', '--server.port=3000']).flags, { 'server.port': '3000' });
});
