import { badRequest, notFound } from '../http/errors.js';
import { readTaskFields } from '../models/task.js';

const CREATE_FIELDS = ['title', 'status', 'assignee', 'due'];
const UPDATE_FIELDS = ['title', 'status', 'assignee', 'due', 'projectId'];

export function createTaskService({ db, events, projects }) {
  function get(id) {
    const task = db.tasks.get(id);
    if (!task) throw notFound('task not found');
    return task;
  }

  return {
    get,

    listForProject(projectId) {
      projects.get(projectId);
      return db.tasks.all().filter((t) => t.projectId === projectId);
    },

    create(projectId, body) {
      projects.get(projectId);
      const fields = readTaskFields(body, CREATE_FIELDS);
      if (fields.title === undefined) throw badRequest('title is required');
      const task = db.tasks.insert({ status: 'todo', assignee: null, due: null, ...fields, projectId });
      events.emit('task.created', { task });
      return task;
    },

    update(id, body) {
      const previous = get(id);
      const changes = readTaskFields(body, UPDATE_FIELDS);
      if (changes.projectId) projects.get(changes.projectId);
      const task = db.tasks.update(id, changes);
      events.emit('task.updated', { task, previous });
      return task;
    },

    remove(id) {
      const task = get(id);
      db.tasks.delete(id);
      events.emit('task.deleted', { task });
    },
  };
}
