import { newCode } from '../utils/ids.js';
import { ValidationError } from '../utils/errors.js';

const MAX_URL_LENGTH = 2048;

function parseTarget(raw) {
  if (typeof raw !== 'string' || raw.trim() === '') {
    throw new ValidationError('url', 'url is required');
  }
  if (raw.length > MAX_URL_LENGTH) {
    throw new ValidationError('url', `url must be at most ${MAX_URL_LENGTH} characters`);
  }
  let url;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ValidationError('url', 'url must be an absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ValidationError('url', 'url must use http or https');
  }
  return url.href;
}

export class LinkService {
  constructor(store, { baseUrl, now }) {
    this.store = store;
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.now = now;
  }

  create(input) {
    const url = parseTarget(input?.url);
    let code = newCode();
    while (this.store.has(code)) code = newCode();
    const link = this.store.put({ code, url, createdAt: this.now(), visits: 0, lastVisitedAt: null });
    return this.present(link);
  }

  find(code) {
    const link = this.store.get(code);
    return link ? this.present(link) : undefined;
  }

  visit(code) {
    const link = this.store.recordVisit(code, this.now());
    return link?.url;
  }

  present(link) {
    return { code: link.code, url: link.url, shortUrl: `${this.baseUrl}/${link.code}`, visits: link.visits };
  }
}
