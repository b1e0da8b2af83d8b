const EMAIL = /^[^\s@]+@[^\s@]+$/;

export function normalizeEmail(raw) {
  const email = raw.trim().toLowerCase();
  return email === '' ? null : email;
}

export function isPlausibleEmail(email) {
  return EMAIL.test(email);
}

/** Keeps a leading + and the digits; spreadsheets add spaces, dots, dashes and brackets. */
export function normalizePhone(raw) {
  const trimmed = raw.trim();
  if (trimmed === '') return null;
  const digits = trimmed.replace(/[^\d]/g, '');
  return trimmed.startsWith('+') ? `+${digits}` : digits;
}

export function joinName(...parts) {
  return parts.map((p) => (p ?? '').trim()).filter(Boolean).join(' ');
}
