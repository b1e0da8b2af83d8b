/** Which cached answers a write makes stale. Keep in step with the GET routes. */
function taskPaths(task) {
  return [`/tasks/${task.id}`, `/projects/${task.projectId}`, `/projects/${task.projectId}/tasks`];
}

function projectPaths(project) {
  return ['/projects', `/projects/${project.id}`];
}

/** Subscribes the cache to domain events so every write drops what it affects. */
export function wireInvalidation(events, cache) {
  const dropTask = ({ task }) => taskPaths(task).forEach((path) => cache.invalidatePath(path));
  events.on('task.created', dropTask);
  // A task moved to another project also leaves stale answers behind in the old one.
  events.on('task.updated', ({ task, previous }) => {
    dropTask({ task });
    if (previous.projectId !== task.projectId) dropTask({ task: previous });
  });
  events.on('task.deleted', dropTask);
  events.on('project.updated', ({ project }) => projectPaths(project).forEach((path) => cache.invalidatePath(path)));
}
