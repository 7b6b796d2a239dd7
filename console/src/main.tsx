// Entry of the console bundle: renders the app and registers the service worker (sw.ts) that keeps the
// app shell for opening offline.
import { render } from 'preact';
import { App } from './app.js';

render(<App />, document.getElementById('app')!);

if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('/app/sw.js', { scope: '/app/' }).catch(() => {
    // Without a service worker the console works online; nothing to tell the user.
  });
}
