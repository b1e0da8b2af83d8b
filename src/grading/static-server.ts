import { open, realpath, stat } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/**
 * The origin the workspace is served at. Nothing listens there: Chromium runs without network
 * access (browser-session.ts) and every request to this origin is answered by request interception
 * (browser-check.ts), so the address only has to be one Chromium treats as a secure, non-restricted
 * http origin.
 */
export const WORKSPACE_ORIGIN = 'http://127.0.0.1:8080';

/** A workspace file larger than this is answered 413: a page never needs it, and it is read whole. */
export const SERVED_FILE_LIMIT = 64 * 1024 * 1024;

/** One answer to one request of the page. */
export interface ServedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface StaticServer {
  /** `${WORKSPACE_ORIGIN}/` */
  baseUrl: string;
  origin: string;
  /** The answer to a request of `method` for `url` on the origin. */
  respond(method: string, url: string): Promise<ServedResponse>;
}

/**
 * The file a URL path names inside `root`, or null. Rejects traversal and anything whose real
 * path leaves the root (a symlink pointing out of the workspace is never followed).
 */
async function resolveFile(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const segments = decoded.split('/').filter((s) => s !== '');
  if (decoded.includes('\0') || decoded.includes('\\') || segments.some((s) => s === '..' || s === '.')) return null;
  let candidate = join(root, ...segments);
  try {
    if ((await stat(candidate)).isDirectory()) candidate = join(candidate, 'index.html');
    const real = await realpath(candidate);
    if (!real.startsWith(root + sep)) return null;
    return (await stat(real)).isFile() ? real : null;
  } catch {
    return null;
  }
}

function text(status: number, body: string, headers: Record<string, string> = {}): ServedResponse {
  return {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
    body: Buffer.from(body),
  };
}

/** At most SERVED_FILE_LIMIT + 1 bytes: enough to tell an over-long file without reading it whole. */
async function readBounded(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(Math.min((await handle.stat()).size, SERVED_FILE_LIMIT + 1));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function respond(root: string, method: string, url: string): Promise<ServedResponse> {
  if (method !== 'GET' && method !== 'HEAD') return text(405, '', { Allow: 'GET, HEAD' });
  const file = await resolveFile(root, new URL(url, WORKSPACE_ORIGIN).pathname);
  if (!file) return text(404, 'not found');
  const body = await readBounded(file).catch(() => null);
  if (body === null) return text(404, 'not found');
  if (body.length > SERVED_FILE_LIMIT) return text(413, 'file too large to serve');
  return {
    status: 200,
    headers: {
      'Content-Type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Cache-Control': 'no-store',
    },
    body: method === 'HEAD' ? Buffer.alloc(0) : body,
  };
}

/** Serves `root` read-only at WORKSPACE_ORIGIN, to request interception: no socket is opened. */
export async function serveStatic(root: string): Promise<StaticServer> {
  const realRoot = await realpath(root);
  return {
    baseUrl: `${WORKSPACE_ORIGIN}/`,
    origin: WORKSPACE_ORIGIN,
    respond: (method, url) => respond(realRoot, method, url),
  };
}
