import { sendJson } from '../http/respond.js';

export function registerBranchRoutes(router, { branches }) {
  router.get('/branches', ({ res }) => sendJson(res, 200, { data: branches.list() }));
  router.get('/branches/:id', ({ res, params }) => sendJson(res, 200, branches.get(params.id)));
}
