export const COLUMNS = [
  { id: 'todo', title: 'To do' },
  { id: 'doing', title: 'In progress' },
  { id: 'done', title: 'Done' },
];

export const cards = [
  { id: 'c1', title: 'SSO for enterprise', column: 'todo', created: '2025-06-02', due: '2025-09-15' },
  { id: 'c2', title: 'Audit log export', column: 'todo', created: '2025-06-20', due: '2025-08-30' },
  { id: 'c3', title: 'Bulk edit cards', column: 'doing', created: '2025-05-11', due: '2025-07-31' },
  { id: 'c4', title: 'Dark mode', column: 'doing', created: '2025-06-28', due: '2025-08-15' },
  { id: 'c5', title: 'Calendar view', column: 'done', created: '2025-04-03', due: '2025-06-30' },
];

export const SORT_OPTIONS = [
  { id: 'newest', label: 'Newest first', compare: (a, b) => b.created.localeCompare(a.created) },
  { id: 'oldest', label: 'Oldest first', compare: (a, b) => a.created.localeCompare(b.created) },
  { id: 'title', label: 'Title A–Z', compare: (a, b) => a.title.localeCompare(b.title) },
  { id: 'due', label: 'Due date', compare: (a, b) => a.due.localeCompare(b.due) },
];
