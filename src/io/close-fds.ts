import { accessSync, constants } from 'node:fs';

/** Debian's bash (essential): it can close descriptors above 9, which POSIX sh cannot. */
export const BASH = '/bin/bash';

/**
 * Closes every descriptor above 2 of the shell itself, then execs the command. Node marks only
 * descriptors 0–15 close-on-exec at start and bubblewrap closes nothing, so a descriptor the
 * harness inherited (an open directory, a pipe) would otherwise reach the agent or the check.
 */
const CLOSE_AND_EXEC =
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansion, not a JavaScript placeholder
  'for fd in /proc/$$/fd/*; do fd=${fd##*/}; [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done; exec "$@"';

/** The argv that runs `file args…` with nothing open but stdin, stdout and stderr. */
export function withoutInheritedFds(file: string, args: readonly string[]): { file: string; args: string[] } {
  return { file: BASH, args: ['-c', CLOSE_AND_EXEC, 'crossover-close-fds', file, ...args] };
}

/** Why descriptors cannot be closed here, or null when they can. */
export function fdCloserMissing(): string | null {
  try {
    accessSync(BASH, constants.X_OK);
    return null;
  } catch {
    return `${BASH} is missing: it closes inherited descriptors before an agent or a check starts (install bash)`;
  }
}
