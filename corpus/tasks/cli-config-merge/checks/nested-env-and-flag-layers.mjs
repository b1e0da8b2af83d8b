import assert from 'node:assert/strict';
import { dryRun, fixture, resolvedConfig } from './lib/cli.mjs';

// Environment variables and flags override one nested key each, at any depth, over the file.
export default async function ({ workspace }) {
  const blog = fixture('blog');

  const fromEnv = await resolvedConfig(workspace, [], { cwd: blog, env: { SITEGEN_FEEDS__RSS__PATH: 'rss.xml' } });
  assert.deepEqual(fromEnv.feeds.rss, { enabled: true, path: 'rss.xml', limit: 10 }, 'env sets feeds.rss.path; the file\'s limit and the default enabled stay');

  const fromFlag = await resolvedConfig(workspace, ['--feeds.rss.limit', '3'], { cwd: blog, env: { SITEGEN_FEEDS__RSS__PATH: 'rss.xml' } });
  assert.deepEqual(fromFlag.feeds.rss, { enabled: true, path: 'rss.xml', limit: 3 }, 'flag sets feeds.rss.limit over env and file');

  const bare = await resolvedConfig(workspace, [], { cwd: fixture('bare'), env: { SITEGEN_BUILD__MINIFY__JS: '1' } });
  assert.deepEqual(bare.build.minify, { html: true, css: true, js: true }, 'SITEGEN_BUILD__MINIFY__JS=1 without a config file');

  const plan = await dryRun(workspace, [], { cwd: blog, env: { SITEGEN_FEEDS__RSS__PATH: 'rss.xml' } });
  assert.ok(plan.files.includes('rss.xml'), `the feed is written at the path from the environment; dry run lists ${plan.files.join(', ')}`);
}
