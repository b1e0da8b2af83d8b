import { loadConfig } from './config.js';
import { createDatabase } from './data/database.js';
import { TEST_ACCOUNTS } from './data/accounts.js';
import { createContext } from './http/context.js';
import { send } from './http/response.js';
import { compose } from './pipeline.js';
import { createRouter } from './router.js';
import { registerRoutes } from './routes/index.js';
import { createServices } from './services/index.js';
import { createIdempotencyStore } from './idempotency/store.js';
import { errorHandler } from './middleware/error-handler.js';
import { requestId } from './middleware/request-id.js';
import { accessLog } from './middleware/access-log.js';
import { authenticate } from './middleware/auth.js';
import { idempotency } from './middleware/idempotency.js';
import { jsonBody } from './middleware/json-body.js';

export function createApp(options = {}) {
  const config = loadConfig(options);
  const db = createDatabase(TEST_ACCOUNTS);
  const services = createServices({ db, config });
  const router = createRouter();
  registerRoutes(router, services);

  const pipeline = compose([
    errorHandler(),
    requestId(),
    accessLog(config),
    authenticate(db),
    idempotency(createIdempotencyStore(config)),
    jsonBody(config),
    router.middleware(),
  ]);

  return {
    async handle(req, res) {
      const ctx = createContext(req, res);
      await pipeline(ctx);
      send(ctx);
    },
  };
}
