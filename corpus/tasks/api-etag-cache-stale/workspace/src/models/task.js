import { badRequest } from '../http/errors.js';

export const STATUSES = ['todo', 'doing', 'done'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const fieldRules = {
  title: (v) => typeof v === 'string' && v.trim().length > 0 && v.length <= 200,
  status: (v) => STATUSES.includes(v),
  assignee: (v) => v === null || (typeof v === 'string' && /^[a-z][a-z0-9_-]{0,31}$/.test(v)),
  due: (v) => v === null || (typeof v === 'string' && DATE.test(v)),
  projectId: (v) => typeof v === 'string' && v.length > 0,
};

/** Validates the fields a client may set; `allowed` limits which ones this request may carry. */
export function readTaskFields(body, allowed) {
  const fields = {};
  for (const [name, value] of Object.entries(body)) {
    if (!allowed.includes(name)) throw badRequest(`${name} cannot be set here`);
    if (!fieldRules[name](value)) throw badRequest(`${name} is invalid`);
    fields[name] = name === 'title' ? value.trim() : value;
  }
  return fields;
}

export function toPublicTask(task) {
  const { id, projectId, title, status, assignee, due, version } = task;
  return { id, projectId, title, status, assignee, due, version };
}
