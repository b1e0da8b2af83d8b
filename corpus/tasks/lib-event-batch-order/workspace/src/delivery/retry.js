import { sleep } from '../util/sleep.js';

/** Calls `attempt` up to 1 + `retries` times, waiting `delayMs`, 2×, 4×… between tries. */
export async function withRetries(attempt, { retries, delayMs }) {
  for (let tried = 0; ; tried += 1) {
    try {
      return await attempt();
    } catch (err) {
      if (tried >= retries) throw err;
      await sleep(delayMs * 2 ** tried);
    }
  }
}
