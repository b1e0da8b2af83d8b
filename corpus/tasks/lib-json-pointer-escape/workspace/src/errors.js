/** A pointer that is malformed or does not lead to a value. */
export class PointerError extends Error {
  constructor(message, pointer) {
    super(`${message} (pointer ${JSON.stringify(pointer)})`);
    this.name = 'PointerError';
    this.pointer = pointer;
  }
}

/** A patch operation that is malformed or cannot be applied; `index` is its position in the patch. */
export class PatchError extends Error {
  constructor(message, index, path, cause) {
    super(`operation ${index} (${JSON.stringify(path)}): ${message}`, cause ? { cause } : undefined);
    this.name = 'PatchError';
    this.index = index;
    this.path = path;
  }
}

/** An operation that is well formed but cannot be carried out; applyPatch turns it into a PatchError. */
export class OperationError extends Error {
  constructor(message) {
    super(message);
    this.name = 'OperationError';
  }
}
