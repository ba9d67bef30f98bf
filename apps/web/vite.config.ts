import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './build/precompress.ts';

// The dev server forwards API and socket.io traffic to a locally running Podium server, so the
// app talks to one origin in development exactly as it does in production (API.md 1.1).
const target = `http://localhost:${process.env.PODIUM_PORT ?? 8000}`;

/** `ANALYZE=1 npx vite build` writes dist/stats.html (treemap, gzip sizes); never in a normal build. */
const bundleReport = process.env.ANALYZE
  ? (await import('rollup-plugin-visualizer')).visualizer({
      filename: process.env.ANALYZE === 'json' ? 'dist/stats.json' : 'dist/stats.html',
      template: process.env.ANALYZE === 'json' ? 'raw-data' : 'treemap',
      gzipSize: true,
    })
  : null;

export default defineConfig({
  plugins: [
    react(),
    // Workbox service worker (docs/offline.md): precaches the app shell so the judge portal opens
    // with no network after a first visit; navigations fall back to index.html. API calls are
    // never cached here: server state offline comes from the persisted outbox and page data.
    VitePWA({
      registerType: 'prompt', // a waiting update is offered ("Reload"), never forced mid-visit
      injectRegister: false, // registered from a module (src/pwa/register.ts): no inline script
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html}'],
        // The admin, expo and team screens are never opened offline: a judge's phone need not fetch them.
        globIgnores: [
          '**/admin-*.js',
          '**/expo-*.js',
          '**/team-*.js',
          '**/browser-*.js' /* qrcode */,
          'stats.html',
        ],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io\//],
        cleanupOutdatedCaches: true,
        // The first install takes over the open page, so going offline right after a first
        // visit still finds the app; updates still wait for "Reload" (no skipWaiting).
        clientsClaim: true,
      },
    }),
    bundleReport,
    precompress(),
  ],
  resolve: {
    // The web app gets the protocol's schema-free entry: endpoint descriptors, constants and
    // types without zod (issue 14). Code that must validate imports '@podium/protocol/schemas'.
    alias: [{ find: /^@podium\/protocol$/, replacement: '@podium/protocol/web' }],
  },
  server: {
    proxy: {
      '/api': { target },
      '/socket.io': { target, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically in one chunk: Rolldown otherwise split the code
        // it shares with the portals into five more files, each a request of ~0.6 KiB of headers
        // before any page shows (docs/benchmarks.md, issue 32).
        codeSplitting: {
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
});
