export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A key as it appears in a path: dots and backslashes inside it escaped. */
export function escapeKey(key: string): string {
  return key.replace(/[\\.]/g, (c) => `\\${c}`);
}

/** Every leaf of a configuration by its key path (`server.port`); arrays are leaves. */
export function flatten(config: Json, prefix = ''): Map<string, Json> {
  const leaves = new Map<string, Json>();
  if (!isObject(config)) {
    leaves.set(prefix, config);
    return leaves;
  }
  for (const [key, value] of Object.entries(config)) {
    const path = prefix === '' ? escapeKey(key) : `${prefix}.${escapeKey(key)}`;
    if (isObject(value) && Object.keys(value).length > 0) {
      for (const [leaf, leafValue] of flatten(value, path)) leaves.set(leaf, leafValue);
    } else leaves.set(path, value);
  }
  return leaves;
}
