export { main } from './cli/main.js';
export { parseDotenv } from './dotenv/parse.js';
export { EnvSyntaxError } from './dotenv/errors.js';
export { loadEnvFiles, EnvFileError } from './config/load.js';
export { validateAgainstSchema } from './schema/validate.js';
