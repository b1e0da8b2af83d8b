const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.xml': 'application/rss+xml; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
};

export function contentTypeFor(path) {
  const dot = path.lastIndexOf('.');
  return TYPES[dot === -1 ? '' : path.slice(dot).toLowerCase()] ?? 'application/octet-stream';
}
