// Development server: static files plus a stand-in for the search API (see README).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };
const products = JSON.parse(await readFile(join(root, 'data/products.json'), 'utf8'));

function search(query, limit) {
  const needle = query.trim().toLowerCase();
  const matches = needle ? products.filter((p) => p.name.toLowerCase().includes(needle)) : [];
  return { query, total: matches.length, items: matches.slice(0, limit) };
}

async function handle(req, res) {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname === '/api/search') {
    const limit = Math.min(Number(url.searchParams.get('limit')) || 20, 50);
    const body = JSON.stringify(search(url.searchParams.get('q') ?? '', limit));
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    }, 50 + Math.random() * 550);
    return;
  }
  const path = normalize(url.pathname === '/' ? '/index.html' : url.pathname);
  try {
    const data = await readFile(join(root, path));
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
    res.end(data);
  } catch {
    res.writeHead(404).end('not found');
  }
}

createServer(handle).listen(5173, '127.0.0.1', () => console.log('http://127.0.0.1:5173'));
