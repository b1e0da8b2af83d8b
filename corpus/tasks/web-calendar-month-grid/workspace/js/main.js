import { startApp } from './app.js';

startApp(document);
document.documentElement.dataset.ready = 'true';
