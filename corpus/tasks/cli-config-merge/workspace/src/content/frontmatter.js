/**
 * Splits `---`-delimited front matter (simple `key: value` lines) from the body.
 * Values `true`/`false` become booleans; everything else stays a string.
 */
export function parseFrontMatter(text) {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  if (!match) return { data: {}, body: text };
  const data = {};
  for (const line of match[1].split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon === -1 || line.trim().startsWith('#')) continue;
    const key = line.slice(0, colon).trim();
    const raw = line.slice(colon + 1).trim().replace(/^(["'])(.*)\1$/, '$2');
    data[key] = raw === 'true' ? true : raw === 'false' ? false : raw;
  }
  return { data, body: text.slice(match[0].length) };
}
