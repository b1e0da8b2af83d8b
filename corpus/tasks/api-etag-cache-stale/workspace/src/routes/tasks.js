import { cachedGet } from '../cache/cached.js';
import { readJsonBody } from '../http/body.js';
import { sendJson, sendNoContent } from '../http/respond.js';
import { toPublicTask } from '../models/task.js';

export function registerTaskRoutes(router, { cache, tasks }) {
  router.get('/tasks/:id', cachedGet(cache, ({ params }) => toPublicTask(tasks.get(params.id))));

  router.patch('/tasks/:id', async ({ req, res, params }) => {
    const task = tasks.update(params.id, await readJsonBody(req));
    sendJson(res, 200, toPublicTask(task));
  });

  router.delete('/tasks/:id', ({ res, params }) => {
    tasks.remove(params.id);
    sendNoContent(res);
  });
}
