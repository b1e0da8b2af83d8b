const KEY = 'stockroom/preferences';

/** Per-page preferences (currently the page size) kept in localStorage. */
export function loadPreferences() {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}

export function savePreference(name, value) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...loadPreferences(), [name]: value }));
  } catch {
    // Storage unavailable: preferences simply do not persist.
  }
}
