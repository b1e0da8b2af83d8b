import { EventEmitter } from 'node:events';

/**
 * Domain events. Services emit after a successful write:
 *   task.created { task }   task.updated { task, previous }   task.deleted { task }
 *   project.updated { project }
 */
export function createEventBus() {
  const emitter = new EventEmitter();
  return {
    on: (name, listener) => emitter.on(name, listener),
    emit: (name, payload) => emitter.emit(name, payload),
  };
}
