import { startApp } from './app.js';

startApp({ page: document.getElementById('page'), nav: document.getElementById('nav') });
