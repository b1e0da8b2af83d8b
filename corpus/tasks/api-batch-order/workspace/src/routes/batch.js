import { parseBatch } from '../batch/validate.js';
import { runBatch } from '../batch/executor.js';

export function registerBatchRoutes(router, { concurrency }) {
  router.post('/api/batch', async ({ body, router: self }) => {
    const requests = parseBatch(body);
    const responses = await runBatch(requests, { router: self, concurrency });
    return { status: 200, body: { responses } };
  });
}
