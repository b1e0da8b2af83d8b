import { join } from 'node:path';
import { listFiles, readText } from '../utils/fsx.js';
import { slugify } from '../utils/slug.js';
import { parseFrontMatter } from './frontmatter.js';

/**
 * Reads every markdown page under `dir`. Pages with `draft: true` are left
 * out unless `drafts` is on. Newest first.
 */
export async function collectPages(dir, { drafts }) {
  const pages = [];
  for (const file of await listFiles(dir)) {
    if (!file.endsWith('.md')) continue;
    const { data, body } = parseFrontMatter(await readText(join(dir, file)));
    if (data.draft === true && !drafts) continue;
    const base = file.slice(0, -'.md'.length);
    pages.push({
      source: file,
      slug: data.slug ? slugify(data.slug) : base.split('/').map(slugify).join('/'),
      title: data.title ?? base,
      date: data.date ?? null,
      draft: data.draft === true,
      body,
    });
  }
  return pages.sort((a, b) => String(b.date).localeCompare(String(a.date)) || a.slug.localeCompare(b.slug));
}
