import { seedProjects, seedTasks } from './seed.js';

/** In-memory tables. Rows are copied in and out so callers never mutate stored state. */
export function createDatabase() {
  const projects = new Map(seedProjects.map((p) => [p.id, { ...p }]));
  const tasks = new Map(seedTasks.map((t) => [t.id, { ...t, version: 1 }]));
  let nextTaskNumber = seedTasks.length + 1;

  return {
    projects: {
      all: () => [...projects.values()].map((p) => ({ ...p })),
      get: (id) => (projects.has(id) ? { ...projects.get(id) } : null),
      update(id, changes) {
        const next = { ...projects.get(id), ...changes };
        projects.set(id, next);
        return { ...next };
      },
    },
    tasks: {
      all: () => [...tasks.values()].map((t) => ({ ...t })),
      get: (id) => (tasks.has(id) ? { ...tasks.get(id) } : null),
      insert(fields) {
        const task = { id: `t${nextTaskNumber++}`, ...fields, version: 1 };
        tasks.set(task.id, task);
        return { ...task };
      },
      update(id, changes) {
        const current = tasks.get(id);
        const next = { ...current, ...changes, version: current.version + 1 };
        tasks.set(id, next);
        return { ...next };
      },
      delete: (id) => tasks.delete(id),
    },
  };
}
