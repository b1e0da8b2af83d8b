let counter = 0;

/** A document-unique id with a readable prefix, for aria-* references. */
export function uniqueId(prefix) {
  counter += 1;
  let id = `${prefix}-${counter}`;
  while (document.getElementById(id)) {
    counter += 1;
    id = `${prefix}-${counter}`;
  }
  return id;
}
