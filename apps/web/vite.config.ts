import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

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
  plugins: [react(), bundleReport, precompress()],
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
  },
});
