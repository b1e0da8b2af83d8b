import { badRequest } from '../http/errors.js';
import { STATUSES } from '../models/task.js';

const SORTS = {
  // Undated tasks go last whichever way dates are sorted.
  due: (a, b) => compareDue(a, b) || a.id.localeCompare(b.id, 'en', { numeric: true }),
  '-due': (a, b) => compareDue(b, a, true) || a.id.localeCompare(b.id, 'en', { numeric: true }),
  title: (a, b) => a.title.localeCompare(b.title, 'en'),
};

function compareDue(a, b, descending = false) {
  if (a.due === b.due) return 0;
  if (a.due === null) return descending ? -1 : 1;
  if (b.due === null) return descending ? 1 : -1;
  return a.due.localeCompare(b.due);
}

/** Applies `status`, `assignee` and `sort` from the query string to a project's tasks. */
export function queryTasks(tasks, query) {
  const status = query.get('status');
  const assignee = query.get('assignee');
  const sort = query.get('sort') ?? 'due';
  if (status !== null && !STATUSES.includes(status)) throw badRequest(`status must be one of ${STATUSES.join(', ')}`);
  if (!(sort in SORTS)) throw badRequest(`sort must be one of ${Object.keys(SORTS).join(', ')}`);

  return tasks
    .filter((t) => status === null || t.status === status)
    .filter((t) => assignee === null || t.assignee === assignee)
    .sort(SORTS[sort]);
}
