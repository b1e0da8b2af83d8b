/** Method + path routing with `:param` segments; handlers get `{ req, res, params, query }`. */
export function createRouter() {
  const routes = [];

  function add(method, pattern, handler) {
    const keys = [];
    const source = pattern.replace(/:([a-zA-Z]+)/g, (_, key) => {
      keys.push(key);
      return '([^/]+)';
    });
    routes.push({ method, regex: new RegExp(`^${source}/?$`), keys, handler });
  }

  async function handle(req, res) {
    const url = new URL(req.url, 'http://localhost');
    for (const route of routes) {
      if (route.method !== req.method) continue;
      const match = route.regex.exec(url.pathname);
      if (!match) continue;
      const params = Object.fromEntries(route.keys.map((key, i) => [key, decodeURIComponent(match[i + 1])]));
      await route.handler({ req, res, params, query: url.searchParams });
      return true;
    }
    return false;
  }

  const method = (name) => (pattern, handler) => add(name, pattern, handler);
  return { get: method('GET'), post: method('POST'), patch: method('PATCH'), delete: method('DELETE'), handle };
}
