export const seedProjects = [
  { id: 'p1', name: 'Website relaunch' },
  { id: 'p2', name: 'Mobile app 3.0' },
  { id: 'p3', name: 'Hiring: platform team' },
];

export const seedTasks = [
  { id: 't1', projectId: 'p1', title: 'Pick a typeface', status: 'done', assignee: 'kim', due: '2025-03-03' },
  { id: 't2', projectId: 'p1', title: 'Write new homepage copy', status: 'doing', assignee: 'ravi', due: '2025-03-10' },
  { id: 't3', projectId: 'p1', title: 'Migrate blog posts', status: 'todo', assignee: 'kim', due: '2025-03-21' },
  { id: 't4', projectId: 'p1', title: 'Redirect map for old URLs', status: 'todo', assignee: 'ola', due: '2025-03-14' },
  { id: 't5', projectId: 'p1', title: 'Cookie banner review', status: 'todo', assignee: null, due: null },
  { id: 't6', projectId: 'p2', title: 'Offline mode spike', status: 'doing', assignee: 'ola', due: '2025-04-02' },
  { id: 't7', projectId: 'p2', title: 'Push notification opt-in', status: 'todo', assignee: 'ravi', due: '2025-04-09' },
  { id: 't8', projectId: 'p2', title: 'Crash reporting', status: 'done', assignee: 'kim', due: '2025-02-20' },
  { id: 't9', projectId: 'p3', title: 'Job ad draft', status: 'done', assignee: 'ravi', due: '2025-02-14' },
  { id: 't10', projectId: 'p3', title: 'Take-home exercise', status: 'doing', assignee: 'kim', due: '2025-03-01' },
  { id: 't11', projectId: 'p3', title: 'Interview panel', status: 'todo', assignee: 'ola', due: '2025-03-15' },
];
