import { cachedGet } from '../cache/cached.js';
import { readJsonBody } from '../http/body.js';
import { sendJson } from '../http/respond.js';
import { toPublicTask } from '../models/task.js';
import { queryTasks } from '../utils/task-query.js';

export function registerProjectRoutes(router, { cache, projects, tasks }) {
  router.get('/projects', cachedGet(cache, () => ({ data: projects.list() })));

  router.get('/projects/:id', cachedGet(cache, ({ params }) => projects.summary(params.id)));

  router.patch('/projects/:id', async ({ req, res, params }) => {
    const { name } = await readJsonBody(req);
    sendJson(res, 200, projects.rename(params.id, name));
  });

  router.get(
    '/projects/:id/tasks',
    cachedGet(cache, ({ params, query }) => ({
      data: queryTasks(tasks.listForProject(params.id), query).map(toPublicTask),
    })),
  );

  router.post('/projects/:id/tasks', async ({ req, res, params }) => {
    const task = tasks.create(params.id, await readJsonBody(req));
    sendJson(res, 201, toPublicTask(task), { location: `/tasks/${task.id}` });
  });
}
