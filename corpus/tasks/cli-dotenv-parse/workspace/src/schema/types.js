// Each checker returns null when the value is acceptable, or what was expected.

const integer = (value) => (/^-?\d+$/.test(value) ? null : 'an integer');

const boolean = (value) => (/^(true|false|1|0)$/i.test(value) ? null : 'true, false, 1 or 0');

function port(value) {
  const number = Number(value);
  return /^\d+$/.test(value) && number >= 1 && number <= 65535 ? null : 'a port number (1-65535)';
}

function url(value) {
  try {
    const parsed = new URL(value);
    return parsed.protocol && parsed.host ? null : 'an absolute URL';
  } catch {
    return 'an absolute URL';
  }
}

const string = () => null;

export const TYPES = { string, integer, boolean, port, url };
