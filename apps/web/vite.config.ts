import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The core is consumed from source (its `didban-source` export condition), so nothing has to
// be prebuilt. In development `/api` is proxied to a server started separately.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { conditions: ['didban-source', ...defaultClientConditions] },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', manifest: true, chunkSizeWarningLimit: 400 },
  server: {
    proxy: { '/api': process.env.DIDBAN_API_ORIGIN ?? 'http://127.0.0.1:8080' },
  },
});
