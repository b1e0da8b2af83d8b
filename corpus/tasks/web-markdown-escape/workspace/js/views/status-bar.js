function countWords(text) {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return words.length;
}

/** Word count and save state under the editor. */
export function mountStatusBar(wordCount, saveState) {
  return {
    update(body) {
      const n = countWords(body);
      wordCount.textContent = `${n} ${n === 1 ? 'word' : 'words'}`;
      saveState.textContent = 'Editing…';
    },
    saved() {
      saveState.textContent = 'Saved';
    },
  };
}
