import { z } from 'zod';

/**
 * Imported first by each process's entry (the CLI, the trial harness), before any schema is built:
 * zod reads the setting when it builds an object schema. Without it, the first parse of each object
 * schema compiles a fast path with `new Function`, which pays off over thousands of parses; a
 * Crossover process parses each kind of document a few times, so the compiling was start-up CPU
 * spent for nothing (the plan, the receipts, the run context, in every worker).
 */
z.config({ jitless: true });
