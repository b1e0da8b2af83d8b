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

/** A cap the launcher sets before it execs, which the command and all it starts inherit. */
export interface LaunchLimits {
  /**
   * RLIMIT_DATA in bytes, soft and hard: the writable private memory the process may map (its heap
   * and its buffers). Without CAP_SYS_RESOURCE it cannot be raised again.
   */
  dataBytes?: number;
}

/** `ulimit -d` counts KiB; a launcher that cannot set the cap stops instead of running uncapped. */
function limitPrefix(limits: LaunchLimits): string {
  if (limits.dataBytes === undefined) return '';
  return `ulimit -d ${Math.ceil(limits.dataBytes / 1024)} || exit 125; `;
}

/** The argv that runs `file args…` with nothing open but stdin, stdout and stderr, under `limits`. */
export function withoutInheritedFds(
  file: string,
  args: readonly string[],
  limits: LaunchLimits = {},
): { file: string; args: string[] } {
  return { file: BASH, args: ['-c', limitPrefix(limits) + CLOSE_AND_EXEC, 'crossover-close-fds', file, ...args] };
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
