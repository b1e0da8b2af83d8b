import assert from 'node:assert/strict';
import { dryRun, fixture, resolvedConfig } from './lib/cli.mjs';

// Existing behaviour: defaults < file < environment < flags for top-level sections and their keys.
export default async function ({ workspace }) {
  const bare = fixture('bare');
  const blog = fixture('blog');

  assert.equal((await resolvedConfig(workspace, [], { cwd: bare })).server.port, 8080, 'default');
  const fromFile = await resolvedConfig(workspace, [], { cwd: blog });
  assert.equal(fromFile.server.port, 4000, 'file over default');
  assert.equal(fromFile.server.host, '127.0.0.1', 'default host kept next to the file\'s port');
  assert.equal(fromFile.site.title, 'Field notes');
  assert.equal(fromFile.site.language, 'en');

  const env = { SITEGEN_SERVER__PORT: '5000', SITEGEN_SITE__TITLE: 'From env' };
  const fromEnv = await resolvedConfig(workspace, [], { cwd: blog, env });
  assert.equal(fromEnv.server.port, 5000, 'env over file');
  assert.equal(fromEnv.site.title, 'From env');
  assert.equal(fromEnv.site.baseUrl, 'https://notes.example.com/');

  const fromFlags = await resolvedConfig(workspace, ['--port', '6000', '--site.title', 'From flags', '--build.out-dir', 'public'], { cwd: blog, env });
  assert.equal(fromFlags.server.port, 6000, 'flag over env');
  assert.equal(fromFlags.site.title, 'From flags');
  assert.equal(fromFlags.build.outDir, 'public');

  const plan = await dryRun(workspace, ['--out', 'site'], { cwd: blog });
  assert.equal(plan.outDir, 'site');
  assert.ok(plan.files.includes('posts/half-done/index.html'), 'the file\'s build.drafts=true includes drafts');
  assert.ok(plan.files.includes('posts/first-light/index.html'));
  assert.ok(plan.files.includes('index.html'));
}
