import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { API_PREFIXES } from './common/api.ts';

// The server serves dist/client; `vite` alone (dev) proxies the API to a server on 8080.
const target = `http://127.0.0.1:${process.env.PORT ?? 8080}`;

export default defineConfig({
  plugins: [react()],
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    // Rolldown's plugin-timing report reads like an error in `npm start`'s output and tells a newcomer nothing.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  server: {
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, { target, ws: true }])),
    // Cross-origin isolated as the server serves it (server/app.ts).
    headers: { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' },
  },
});
