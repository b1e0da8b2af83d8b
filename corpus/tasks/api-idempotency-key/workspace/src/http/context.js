/** Per-request state shared by the middleware; `state` is where middleware leave things for later ones. */
export function createContext(req, res) {
  const url = new URL(req.url, 'http://localhost');
  return {
    req,
    res,
    method: req.method,
    path: url.pathname,
    query: url.searchParams,
    headers: req.headers,
    params: {},
    state: {},
    body: undefined,
    status: 404,
    response: null,
    responseHeaders: {},
  };
}
