import { commands } from './commands.js';

export function helpText() {
  const width = Math.max(...Object.keys(commands).map((name) => name.length));
  const lines = Object.entries(commands).map(([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`);
  return [
    'usage: sitegen <command> [flags]',
    '',
    'commands:',
    ...lines,
    '',
    'common flags:',
    '  --config <file>   config file (default: sitegen.config.json)',
    '  --<key> <value>   set any config key, e.g. --server.port 3000',
    '  --help            show this help',
    '',
  ].join('\n');
}
