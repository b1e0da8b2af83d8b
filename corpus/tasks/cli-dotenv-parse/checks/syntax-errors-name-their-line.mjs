import assert from 'node:assert/strict';
import { loadPackage, runCli } from './lib/cli.mjs';

const BROKEN = [
  '# Service settings', //            1
  'PORT=8080', //                     2
  '', //                              3
  'PRIVATE_KEY="-----BEGIN KEY-----', // 4
  'MIIBOgIBAAJBAKj34GkxFhD90vcNLYLInFEX6Ppy1tPf9Cnzj4p4WGeKLs1Pt8Qu', // 5
  '-----END KEY-----"', //            6
  '# the next line is broken', //     7
  'HOST 0.0.0.0', //                  8
  'DEBUG=true', //                    9
].join('\n');

// A syntax error names the line it is on (where its entry starts), counting every line of the file.
export default async function ({ workspace }) {
  const { parseDotenv, EnvSyntaxError } = await loadPackage(workspace);
  assert.throws(() => parseDotenv(BROKEN), (err) => err instanceof EnvSyntaxError && err.line === 8, 'error on line 8');
  assert.throws(() => parseDotenv('A=1\nB="two\nlines" oops\nC=3\n'), (err) => err.line === 2, 'a multi-line entry is reported where it starts');
  assert.throws(() => parseDotenv('\n\n# x\n1BAD=2\n'), (err) => err.line === 4, 'an invalid name on line 4');

  const result = await runCli(workspace, ['validate', 'base.env', 'deploy/.env.production'], {
    'base.env': 'PORT=80\n',
    'deploy/.env.production': BROKEN,
  });
  assert.equal(result.code, 1);
  assert.match(result.stderr, /^deploy\/\.env\.production:8: .*HOST 0\.0\.0\.0/, `stderr: ${JSON.stringify(result.stderr)}`);
  assert.equal(result.stdout, '');
}
