import { OperationError, PatchError, PointerError } from '../errors.js';
import { cloneJson } from '../util/clone.js';
import { OPERATIONS } from './ops.js';
import { validateOperation } from './validate.js';

/**
 * Applies a JSON Patch and returns the new document. Works on a copy, so a failing operation
 * leaves nothing half-applied and `doc` is never modified.
 */
export function applyPatch(doc, operations) {
  if (!Array.isArray(operations)) throw new PatchError('a patch must be an array of operations', -1, undefined);
  let working = cloneJson(doc);
  operations.forEach((operation, index) => {
    validateOperation(operation, index);
    try {
      working = OPERATIONS[operation.op](working, operation);
    } catch (err) {
      if (err instanceof PointerError || err instanceof OperationError) {
        throw new PatchError(err.message, index, operation.path, err);
      }
      throw err;
    }
  });
  return working;
}
