import { sendError } from './utils/http.js';

function compile(pattern) {
  const names = [];
  const source = pattern
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { regex: new RegExp(`^${source}$`), names };
}

/** A minimal method + path router with `:param` segments. */
export function createRouter() {
  const routes = [];

  function add(method, pattern, handler) {
    routes.push({ method, ...compile(pattern), handler });
  }

  async function handle(req, res) {
    const { pathname, searchParams } = new URL(req.url, 'http://localhost');
    let pathMatched = false;
    for (const route of routes) {
      const match = route.regex.exec(pathname);
      if (!match) continue;
      pathMatched = true;
      if (route.method !== req.method) continue;
      req.params = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(match[i + 1])]));
      req.query = searchParams;
      return route.handler(req, res);
    }
    if (pathMatched) return sendError(res, 405, 'method_not_allowed', `${req.method} is not allowed here`);
    return sendError(res, 404, 'not_found', `No route for ${pathname}`);
  }

  return {
    get: (pattern, handler) => add('GET', pattern, handler),
    post: (pattern, handler) => add('POST', pattern, handler),
    delete: (pattern, handler) => add('DELETE', pattern, handler),
    handle,
  };
}
