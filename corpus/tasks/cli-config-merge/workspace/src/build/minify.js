/** Collapses whitespace between tags; leaves <pre> blocks alone. */
export function minifyHtml(html) {
  const parts = html.split(/(<pre[\s\S]*?<\/pre>)/);
  return parts
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/>\s+</g, '><').replace(/\s{2,}/g, ' ')))
    .join('')
    .trim();
}

/** Strips comments and the whitespace around CSS punctuation. */
export function minifyCss(css) {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s*([{}:;,>])\s*/g, '$1')
    .replace(/;}/g, '}')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Conservative: drops full-line comments and blank lines only. */
export function minifyJs(js) {
  return js
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.trim().startsWith('//'))
    .map((line) => line.trim())
    .join('\n');
}
