import { readJsonBody, sendError, sendJson } from '../utils/http.js';
import { ValidationError } from '../utils/errors.js';

export function registerLinkRoutes(router, links) {
  router.post('/api/links', async (req, res) => {
    let body;
    try {
      body = await readJsonBody(req);
    } catch {
      return sendError(res, 400, 'invalid_json', 'Request body must be JSON');
    }
    try {
      return sendJson(res, 201, links.create(body));
    } catch (err) {
      if (err instanceof ValidationError) return sendError(res, 400, 'invalid_request', err.message, { field: err.field });
      throw err;
    }
  });

  router.get('/api/links/:code', async (req, res) => {
    const link = links.find(req.params.code);
    if (!link) return sendError(res, 404, 'not_found', `No link with code ${req.params.code}`);
    return sendJson(res, 200, link);
  });
}
