import { createProjectService } from '../services/projects.js';
import { createTaskService } from '../services/tasks.js';
import { registerHealthRoutes } from './health.js';
import { registerProjectRoutes } from './projects.js';
import { registerTaskRoutes } from './tasks.js';

export function registerRoutes(router, { db, events, cache }) {
  const projects = createProjectService({ db, events });
  const tasks = createTaskService({ db, events, projects });
  registerHealthRoutes(router);
  registerProjectRoutes(router, { cache, projects, tasks });
  registerTaskRoutes(router, { cache, tasks });
}
