import { buildCommand } from '../commands/build.js';
import { cleanCommand } from '../commands/clean.js';
import { configCommand } from '../commands/config.js';
import { initCommand } from '../commands/init.js';
import { serveCommand } from '../commands/serve.js';

/** Every subcommand by name. Each has `run(args, context)` and `summary`. */
export const commands = {
  build: buildCommand,
  clean: cleanCommand,
  config: configCommand,
  init: initCommand,
  serve: serveCommand,
};
