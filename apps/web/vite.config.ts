/** Vite: the React app, a dev proxy to the server on :3000, and the production build in apps/web/dist. */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const SERVER = process.env.ETP_SERVER_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: SERVER, changeOrigin: true },
      '^/time(\\?.*)?$': { target: SERVER, changeOrigin: true },
      '/ws': { target: SERVER, changeOrigin: true, ws: true },
      '^/dev(/.*)?$': { target: SERVER, changeOrigin: true },
      // Sign-in methods, and the bank-identity sign-in that starts and ends on the server (decisions/0025).
      '^/auth_methods$': { target: SERVER, changeOrigin: true },
      '^/users/auth/': { target: SERVER, changeOrigin: true },
      // The wizard's participant typeahead lives outside /api (spec 1 §7).
      '^/companies/typeahead\\.json': { target: SERVER, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: scripts/js-budget.mjs reads what each route loads (decisions/0145).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
      },
    },
  },
});
