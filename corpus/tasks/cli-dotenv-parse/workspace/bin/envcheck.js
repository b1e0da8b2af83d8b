#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { main } from '../src/cli/main.js';

const io = {
  stdout: process.stdout,
  stderr: process.stderr,
  readFile: (path) => readFileSync(path, 'utf8'),
};

process.exitCode = main(process.argv.slice(2), io);
