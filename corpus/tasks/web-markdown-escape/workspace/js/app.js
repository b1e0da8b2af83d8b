import { NotesStore } from './store/notes-store.js';
import { createLocalStorage } from './store/persistence.js';
import { seedNotes } from './data/seed.js';
import { mountNoteList } from './views/note-list.js';
import { mountEditor } from './views/editor.js';
import { mountPreview } from './views/preview.js';
import { mountStatusBar } from './views/status-bar.js';

const store = new NotesStore(createLocalStorage(window.localStorage, 'jotter.notes.v1'), seedNotes);

const preview = mountPreview(document.getElementById('preview'));
const status = mountStatusBar(document.getElementById('word-count'), document.getElementById('save-state'));
const editor = mountEditor(document.getElementById('editor'), {
  onChange(body) {
    store.update(store.currentId, body);
    preview.render(body);
    status.update(body);
  },
});
const list = mountNoteList(document.getElementById('note-list'), {
  onSelect(id) {
    store.select(id);
  },
});

document.getElementById('new-note').addEventListener('click', () => {
  store.create();
  editor.focus();
});

store.subscribe((event) => {
  list.render(store.all(), store.currentId);
  if (event === 'select' || event === 'create' || event === 'load') {
    const note = store.current();
    editor.setValue(note.body);
    preview.render(note.body, { immediate: true });
    status.update(note.body);
  }
  if (event === 'saved') status.saved();
});

store.load();
