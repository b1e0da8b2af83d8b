import { debounce } from '../utils/debounce.js';
import { newId } from '../utils/ids.js';
import { titleOf } from './title.js';

/**
 * Holds the notes and which one is open. Views subscribe to events:
 * 'load', 'select', 'create', 'change', 'saved'.
 */
export class NotesStore {
  #notes = [];
  #listeners = new Set();
  #persistence;
  #seed;

  constructor(persistence, seed) {
    this.#persistence = persistence;
    this.#seed = seed;
    this.currentId = null;
    this.#saveSoon = debounce(() => this.#save(), 300);
  }

  #saveSoon;

  load() {
    const saved = this.#persistence.read();
    this.#notes = saved ? saved.notes : this.#seed.map((note) => ({ ...note }));
    this.currentId = saved?.currentId && this.#notes.some((n) => n.id === saved.currentId) ? saved.currentId : this.#notes[0].id;
    this.#emit('load');
  }

  all() {
    return this.#notes.map((note) => ({ id: note.id, title: titleOf(note.body), updatedAt: note.updatedAt }));
  }

  current() {
    return this.#notes.find((note) => note.id === this.currentId);
  }

  select(id) {
    if (!this.#notes.some((note) => note.id === id) || id === this.currentId) return;
    this.currentId = id;
    this.#saveSoon();
    this.#emit('select');
  }

  create() {
    const note = { id: newId(), body: '', updatedAt: Date.now() };
    this.#notes.unshift(note);
    this.currentId = note.id;
    this.#saveSoon();
    this.#emit('create');
    return note;
  }

  update(id, body) {
    const note = this.#notes.find((n) => n.id === id);
    if (!note || note.body === body) return;
    note.body = body;
    note.updatedAt = Date.now();
    this.#saveSoon();
    this.#emit('change');
  }

  subscribe(listener) {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #save() {
    this.#persistence.write({ notes: this.#notes, currentId: this.currentId });
    this.#emit('saved');
  }

  #emit(event) {
    for (const listener of this.#listeners) listener(event);
  }
}
