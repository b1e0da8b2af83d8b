import http from 'node:http';
import { createApp } from './app.js';

/** The API as a node:http Server (not listening yet). Options: see `loadConfig`. */
export function createServer(options = {}) {
  const app = createApp(options);
  return http.createServer((req, res) => {
    app.handle(req, res);
  });
}
