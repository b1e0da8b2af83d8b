import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The package's public entry point, as other tools import it. */
export function loadPackage(workspace) {
  return import(pathToFileURL(join(workspace, 'src/index.js')).href);
}

/** Runs `main(argv, io)` in-process against in-memory files; returns exit code and output. */
export async function runCli(workspace, argv, files = {}) {
  const { main } = await loadPackage(workspace);
  const stdout = [];
  const stderr = [];
  const io = {
    stdout: { write: (chunk) => stdout.push(String(chunk)) },
    stderr: { write: (chunk) => stderr.push(String(chunk)) },
    readFile(path) {
      if (Object.hasOwn(files, path)) return files[path];
      const err = new Error(`ENOENT: no such file or directory, open '${path}'`);
      err.code = 'ENOENT';
      throw err;
    },
  };
  const code = await main(argv, io);
  return { code, stdout: stdout.join(''), stderr: stderr.join('') };
}
