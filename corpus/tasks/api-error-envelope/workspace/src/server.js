import http from 'node:http';
import { createApp } from './app.js';

/** The HTTP server with a fresh, seeded store. */
export function createServer() {
  return http.createServer(createApp());
}
