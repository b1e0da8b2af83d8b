import { HttpError } from './utils/errors.js';

function compile(pattern) {
  const names = [];
  const source = pattern
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part;
      names.push(part.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { regex: new RegExp(`^${source}$`), names };
}

/**
 * Routes requests to handlers of the form `async (request) => ({ status, body })`.
 * A request is `{ method, path, query, body }`, so the batch endpoint can
 * dispatch sub-requests through the same table without HTTP.
 */
export function createRouter() {
  const routes = [];

  function add(method, pattern, handler) {
    routes.push({ method, handler, ...compile(pattern) });
  }

  function match(method, path) {
    let pathMatched = false;
    for (const route of routes) {
      const found = route.regex.exec(path);
      if (!found) continue;
      pathMatched = true;
      if (route.method === method) {
        const params = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(found[i + 1])]));
        return { handler: route.handler, params };
      }
    }
    if (pathMatched) throw new HttpError(405, 'method_not_allowed', `${method} is not allowed on ${path}`);
    throw new HttpError(404, 'not_found', `No route for ${path}`);
  }

  async function handle(request) {
    const { handler, params } = match(request.method, request.path);
    return handler({ ...request, params, router: api });
  }

  const api = {
    get: (pattern, handler) => add('GET', pattern, handler),
    post: (pattern, handler) => add('POST', pattern, handler),
    handle,
  };
  return api;
}
