/** The sidebar list of notes; the open note is marked with aria-current. */
export function mountNoteList(list, { onSelect }) {
  list.addEventListener('click', (event) => {
    const button = event.target.closest('button[data-note-id]');
    if (button) onSelect(button.dataset.noteId);
  });

  return {
    render(notes, currentId) {
      list.replaceChildren(
        ...notes.map((note) => {
          const item = document.createElement('li');
          const button = document.createElement('button');
          button.type = 'button';
          button.dataset.noteId = note.id;
          button.textContent = note.title;
          if (note.id === currentId) button.setAttribute('aria-current', 'true');
          item.append(button);
          return item;
        }),
      );
    },
  };
}
