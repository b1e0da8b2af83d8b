import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The package's public entry point, as a user of the library imports it. */
export function loadLibrary(workspace) {
  return import(pathToFileURL(join(workspace, 'src/index.js')).href);
}
