import { renderMarkdown } from '../content/markdown.js';
import { renderLayout } from '../render/layout.js';
import { renderIndex } from '../render/index-page.js';
import { renderFeed } from './feed.js';
import { minifyHtml } from './minify.js';

/**
 * Decides every output file and its contents, without touching the disk, so
 * `--dry-run` and a real build agree.
 */
export function planBuild(pages, config) {
  const { site, build, feeds } = config;
  const feedPath = feeds.rss.enabled ? feeds.rss.path : null;
  const finish = (html) => (build.minify.html ? minifyHtml(html) : html);

  const files = pages.map((page) => ({
    path: `${page.slug}/index.html`,
    contents: finish(renderLayout({ site, title: page.title, content: renderMarkdown(page.body), feedPath })),
  }));
  files.unshift({
    path: 'index.html',
    contents: finish(renderLayout({ site, title: site.title, content: renderIndex(pages, site), feedPath })),
  });
  if (feedPath) files.push({ path: feedPath, contents: renderFeed(pages.slice(0, feeds.rss.limit), site) });

  return { outDir: build.outDir, files, minify: { ...build.minify } };
}
