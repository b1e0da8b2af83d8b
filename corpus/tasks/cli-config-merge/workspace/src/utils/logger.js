/** Writes human-readable messages to the CLI's streams. */
export function createLogger(io, { quiet = false } = {}) {
  return {
    info(message) {
      if (!quiet) io.stdout.write(`${message}\n`);
    },
    warn(message) {
      io.stderr.write(`warning: ${message}\n`);
    },
    error(message) {
      io.stderr.write(`error: ${message}\n`);
    },
  };
}
