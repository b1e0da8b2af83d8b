import { sendJson } from '../http/respond.js';

export function registerSearchRoutes(router, { search }) {
  router.get('/search', ({ res, query }) => sendJson(res, 200, { data: search.books(query.get('q')) }));
}
