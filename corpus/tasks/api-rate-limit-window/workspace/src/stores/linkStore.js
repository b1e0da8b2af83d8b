/** In-memory storage for short links, keyed by code. */
export class LinkStore {
  #links = new Map();

  get(code) {
    return this.#links.get(code);
  }

  has(code) {
    return this.#links.has(code);
  }

  put(link) {
    this.#links.set(link.code, link);
    return link;
  }

  recordVisit(code, at) {
    const link = this.#links.get(code);
    if (!link) return undefined;
    link.visits += 1;
    link.lastVisitedAt = at;
    return link;
  }
}
