// Entry of the console bundle: renders the app and registers the service worker (sw.ts) that keeps the
// app shell for opening offline. The start language's catalogue is loaded first (a chunk of its own unless German
// or English), so the first paint is already in it.
import { render } from 'preact';
import { App } from './app.js';
import { loadLang } from './lib/i18n.js';
import { initialLang } from './shell/language.js';

void loadLang(initialLang())
  .catch(() => {}) // offline and never loaded: English texts until the user picks it again online
  .finally(() => render(<App />, document.getElementById('app')!));

if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('/app/sw.js', { scope: '/app/' }).catch(() => {
    // Without a service worker the console works online; nothing to tell the user.
  });
}
