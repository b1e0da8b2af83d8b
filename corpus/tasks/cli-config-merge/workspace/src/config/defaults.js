/**
 * Built-in configuration. It is also the schema: a key that is not here is
 * unknown, and a key's default value fixes its type.
 */
export const defaults = Object.freeze({
  site: { title: 'My Site', baseUrl: '/', language: 'en' },
  content: { dir: 'content' },
  build: {
    outDir: 'dist',
    drafts: false,
    clean: true,
    minify: { html: true, css: true, js: false },
  },
  server: { host: '127.0.0.1', port: 8080, open: false, livereload: true },
  feeds: { rss: { enabled: true, path: 'feed.xml', limit: 20 } },
});
