import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server forwards API and socket.io traffic to a locally running Podium server, so the
// app talks to one origin in development exactly as it does in production (API.md 1.1).
const target = `http://localhost:${process.env.PODIUM_PORT ?? 8000}`;

export default defineConfig({
  plugins: [react()],
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
