import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** A read-only sample project shipped with the checks (the checks may not write files). */
export function fixture(name) {
  return join(here, '..', 'fixtures', name);
}

/** Runs the workspace's CLI in-process and captures its output. */
export async function runCli(workspace, argv, { cwd, env = {} }) {
  const { main } = await import(pathToFileURL(join(workspace, 'src/main.js')).href);
  const stdout = [];
  const stderr = [];
  const code = await main(argv, {
    stdout: { write: (chunk) => { stdout.push(String(chunk)); return true; } },
    stderr: { write: (chunk) => { stderr.push(String(chunk)); return true; } },
    env,
    cwd,
  });
  return { code, stdout: stdout.join(''), stderr: stderr.join('') };
}

/** `sitegen config` as parsed JSON; fails with the CLI's stderr when it does not exit 0. */
export async function resolvedConfig(workspace, argv, options) {
  const result = await runCli(workspace, ['config', ...argv], options);
  if (result.code !== 0) throw new Error(`sitegen config ${argv.join(' ')} exited ${result.code}: ${result.stderr.trim()}`);
  return JSON.parse(result.stdout);
}

/** `sitegen build --dry-run --json`: the files a build would write. */
export async function dryRun(workspace, argv, options) {
  const result = await runCli(workspace, ['build', '--dry-run', '--json', ...argv], options);
  if (result.code !== 0) throw new Error(`sitegen build --dry-run ${argv.join(' ')} exited ${result.code}: ${result.stderr.trim()}`);
  return JSON.parse(result.stdout);
}
