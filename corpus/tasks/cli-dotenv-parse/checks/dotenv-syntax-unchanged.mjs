import assert from 'node:assert/strict';
import { loadPackage } from './lib/cli.mjs';

// Existing behaviour: everything the format already handled keeps parsing the same way.
export default async function ({ workspace }) {
  const { parseDotenv, EnvSyntaxError } = await loadPackage(workspace);
  const source = [
    '\uFEFF# comment',
    '   # indented comment',
    'PORT=8080',
    'HOST = 0.0.0.0   # bind address',
    'COLOR=#336699',
    'LABEL=a#b',
    'EMPTY=',
    'BLANK=   # nothing here',
    "RAW='no ${PORT} here, no \\n escapes'",
    'ESCAPES="tab\\tnew\\nline \\"q\\" back\\\\slash \\${PORT}"',
    'URL="http://${HOST}:${PORT}/"',
    'BARE=${HOST}:${MISSING}x',
    'MULTI="one',
    'two"',
    'LAST=done',
  ].join('\r\n');
  assert.deepEqual(parseDotenv(source, { OUTER: 'o' }), {
    PORT: '8080',
    HOST: '0.0.0.0',
    COLOR: '#336699',
    LABEL: 'a#b',
    EMPTY: '',
    BLANK: '',
    RAW: 'no ${PORT} here, no \\n escapes',
    ESCAPES: 'tab\tnew\nline "q" back\\slash ${PORT}',
    URL: 'http://0.0.0.0:8080/',
    BARE: '0.0.0.0:x',
    MULTI: 'one\ntwo',
    LAST: 'done',
  });
  assert.deepEqual(parseDotenv('A=${OUTER}-1\n', { OUTER: 'o' }), { A: 'o-1' }, 'expansion from earlier files');
  assert.deepEqual(parseDotenv(''), {});

  assert.throws(() => parseDotenv('A="never closed\nB=2\n'), (err) => err instanceof EnvSyntaxError && err.line === 1);
  assert.throws(() => parseDotenv('1BAD=2\n'), EnvSyntaxError);
  assert.throws(() => parseDotenv('NO_EQUALS\n'), EnvSyntaxError);
  assert.throws(() => parseDotenv('A=b"c\n'), EnvSyntaxError);
  assert.throws(() => parseDotenv('A="x" y\n'), EnvSyntaxError);
}
