import { startApp } from './app.js';
import { loadTodos, saveTodos } from './persistence/storage.js';

const root = {
  header: document.getElementById('header'),
  main: document.getElementById('main'),
  footer: document.getElementById('footer'),
};

startApp(root, { initialTodos: loadTodos(), onChange: saveTodos });
