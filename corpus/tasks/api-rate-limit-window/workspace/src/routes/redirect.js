import { sendError } from '../utils/http.js';

export function registerRedirectRoutes(router, links) {
  router.get('/:code', async (req, res) => {
    const target = links.visit(req.params.code);
    if (!target) return sendError(res, 404, 'not_found', 'Unknown short link');
    res.writeHead(302, { Location: target, 'Cache-Control': 'no-store' });
    res.end();
  });
}
