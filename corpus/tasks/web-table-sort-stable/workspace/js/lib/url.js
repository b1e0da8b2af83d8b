/** Splits "#/inventory?q=lamp" into { route: "inventory", params: URLSearchParams }. */
export function parseHash(hash) {
  const [path, query = ''] = hash.replace(/^#\/?/, '').split('?');
  return { route: path || '', params: new URLSearchParams(query) };
}

export function buildHash(route, params = {}) {
  const query = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== '' && v != null)).toString();
  return `#/${route}${query ? `?${query}` : ''}`;
}
