import { withoutInheritedFds } from './close-fds.js';
import { type ContainedResult, type ContainedRun, runContained } from './contained-process.js';
import { type ContainerCommand, type ContainerPlace, containerArgv, endContainer } from './container.js';
import { engineEnvironment } from './container-engine.js';

/**
 * Runs one command in a fresh container under runContained's deadline, output bound and
 * cancellation: the engine's CLI is the contained process, and the variables named in
 * `command.passed` reach the container from its environment (`env`), never from its command line.
 * Killing the CLI does not stop a container, so once the CLI has exited (or was killed) the
 * container is removed, and checked gone.
 */
export async function runInContainer(
  place: ContainerPlace,
  command: ContainerCommand,
  io: { env: Record<string, string>; stdin?: string },
  run: ContainedRun,
): Promise<ContainedResult> {
  const cli = withoutInheritedFds(place.engine.path, containerArgv(place, command));
  let ended: Promise<void> | null = null;
  const end = () => {
    ended ??= endContainer(place.engine, command.name);
    return ended;
  };
  const result = await runContained(
    {
      ...cli,
      cwd: '/',
      env: { ...io.env, ...engineEnvironment(place.engine) },
      ...(io.stdin === undefined ? {} : { stdin: io.stdin }),
    },
    {
      ...run,
      onExit: async (leader) => {
        await run.onExit?.(leader);
        await end();
      },
    },
  );
  await end();
  return result;
}
