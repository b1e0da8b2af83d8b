import { notFound } from './http/errors.js';

function compile(pattern) {
  const names = [];
  const source = pattern.replace(/:([a-z_]+)/gi, (_, name) => {
    names.push(name);
    return '([^/]+)';
  });
  return { regex: new RegExp(`^${source}/?$`), names };
}

export function createRouter() {
  const routes = [];
  const add = (method) => (pattern, handler) => routes.push({ method, handler, ...compile(pattern) });

  return {
    get: add('GET'),
    post: add('POST'),
    middleware() {
      return async (ctx) => {
        for (const route of routes) {
          if (route.method !== ctx.method) continue;
          const match = route.regex.exec(ctx.path);
          if (!match) continue;
          ctx.params = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(match[i + 1])]));
          await route.handler(ctx);
          return;
        }
        throw notFound(`Unrecognized request URL (${ctx.method}: ${ctx.path}).`);
      };
    },
  };
}
