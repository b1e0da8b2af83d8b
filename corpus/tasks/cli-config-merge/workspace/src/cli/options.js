/**
 * Flags that belong to commands rather than to the configuration. They are
 * taken out before the remaining flags are read as config keys.
 */
export const COMMAND_FLAGS = new Set(['config', 'help', 'dry-run', 'json', 'get', 'force']);

export function splitFlags(flags) {
  const command = {};
  const config = {};
  for (const [name, value] of Object.entries(flags)) {
    if (COMMAND_FLAGS.has(name)) command[name] = value;
    else config[name] = value;
  }
  return { command, config };
}
