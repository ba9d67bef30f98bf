/**
 * Registers the Workbox service worker (vite-plugin-pwa, prompt mode) from a module, not an
 * inline script, so a `script-src 'self'` policy holds. A waiting update is offered on the page.
 */
import { registerSW } from 'virtual:pwa-register';
import { useUpdateStore } from './update.store';

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const updateServiceWorker = registerSW({
    onNeedRefresh: () => useUpdateStore.getState().offer(() => void updateServiceWorker(true)),
  });
}
