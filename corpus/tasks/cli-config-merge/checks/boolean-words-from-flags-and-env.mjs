import assert from 'node:assert/strict';
import { dryRun, fixture, runCli } from './lib/cli.mjs';

async function get(workspace, key, argv, options) {
  const result = await runCli(workspace, ['config', '--get', key, ...argv], options);
  assert.equal(result.code, 0, `sitegen config --get ${key} ${argv.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

// Boolean keys take true/false, 1/0, yes/no, on/off (any case) from flags and the environment.
export default async function ({ workspace }) {
  const bare = { cwd: fixture('bare') };
  const cases = [
    ['server.open', ['--open=false'], {}, 'false'],
    ['server.open', [], { SITEGEN_SERVER__OPEN: 'off' }, 'false'],
    ['server.open', [], { SITEGEN_SERVER__OPEN: 'Yes' }, 'true'],
    ['server.livereload', ['--server.livereload', '0'], {}, 'false'],
    ['server.livereload', [], { SITEGEN_SERVER__LIVERELOAD: 'NO' }, 'false'],
    ['build.clean', ['--build.clean=on'], { SITEGEN_BUILD__CLEAN: 'false' }, 'true'],
  ];
  for (const [key, argv, env, expected] of cases) {
    assert.equal(await get(workspace, key, argv, { ...bare, env }), expected, `${key} with ${argv.join(' ') || JSON.stringify(env)}`);
  }

  // The blog's config file turns drafts on; the command line and environment can turn them off.
  const blog = fixture('blog');
  for (const [argv, env] of [[['--drafts=false'], {}], [[], { SITEGEN_BUILD__DRAFTS: 'no' }], [['--no-drafts'], {}]]) {
    const plan = await dryRun(workspace, argv, { cwd: blog, env });
    assert.ok(
      !plan.files.includes('posts/half-done/index.html'),
      `drafts are left out with ${argv.join(' ') || JSON.stringify(env)}; dry run lists ${plan.files.join(', ')}`,
    );
  }
}
