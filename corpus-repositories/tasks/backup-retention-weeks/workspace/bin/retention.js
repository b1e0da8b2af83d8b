#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import mri from 'mri';
import { parseBackupName, planRetention, policyFromOptions } from '../src/index.js';

const options = mri(process.argv.slice(2), {
  string: ['keep-daily', 'keep-weekly', 'max-age', 'now'],
});
try {
  const policy = policyFromOptions(options);
  const now = options.now ? new Date(options.now) : new Date();
  const names = readFileSync(0, 'utf8').split('\n').filter(Boolean);
  const backups = names.map(parseBackupName);
  for (const { backup, keep } of planRetention(backups, policy, now)) {
    process.stdout.write(`${keep ? 'keep  ' : 'delete'} ${backup.name}\n`);
  }
} catch (error) {
  process.stderr.write(`retention: ${error.message}\n`);
  process.exitCode = 2;
}
