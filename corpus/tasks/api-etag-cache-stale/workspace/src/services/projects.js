import { badRequest, notFound } from '../http/errors.js';
import { STATUSES } from '../models/task.js';

export function createProjectService({ db, events }) {
  function get(id) {
    const project = db.projects.get(id);
    if (!project) throw notFound('project not found');
    return project;
  }

  return {
    list: () => db.projects.all(),

    get,

    summary(id) {
      const project = get(id);
      const tasks = db.tasks.all().filter((t) => t.projectId === id);
      const counts = Object.fromEntries(STATUSES.map((s) => [s, tasks.filter((t) => t.status === s).length]));
      return { ...project, counts, total: tasks.length };
    },

    rename(id, name) {
      get(id);
      if (typeof name !== 'string' || name.trim() === '') throw badRequest('name is invalid');
      const project = db.projects.update(id, { name: name.trim() });
      events.emit('project.updated', { project });
      return project;
    },
  };
}
