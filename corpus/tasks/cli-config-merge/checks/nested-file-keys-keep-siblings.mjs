import assert from 'node:assert/strict';
import { dryRun, fixture, resolvedConfig, runCli } from './lib/cli.mjs';

// A config file that sets one nested key leaves that key's siblings at their defaults.
export default async function ({ workspace }) {
  const cwd = fixture('blog'); // sets build.minify.js and feeds.rss.limit only
  const config = await resolvedConfig(workspace, [], { cwd });

  assert.deepEqual(config.build.minify, { html: true, css: true, js: true }, 'build.minify after the file set only build.minify.js');
  assert.deepEqual(config.feeds.rss, { enabled: true, path: 'feed.xml', limit: 10 }, 'feeds.rss after the file set only feeds.rss.limit');
  assert.equal(config.build.outDir, 'dist');

  const html = await runCli(workspace, ['config', '--get', 'build.minify.html'], { cwd });
  assert.equal(html.stdout.trim(), 'true', 'sitegen config --get build.minify.html');

  const plan = await dryRun(workspace, [], { cwd });
  assert.ok(plan.files.includes('feed.xml'), `the RSS feed stays enabled; dry run lists ${plan.files.join(', ')}`);
}
