import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The core is consumed from source (its `didban-source` export condition), so nothing has to
// be prebuilt. In development `/api` is proxied to a server started separately.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { conditions: ['didban-source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    manifest: true,
    chunkSizeWarningLimit: 400,
    rollupOptions: {
      // zod 4 ships explanatory comments next to its `@__PURE__` marks, which Rollup reports as
      // misplaced annotations and drops; the output is the same, so the warning only alarms users.
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/zod/')) return;
        warn(warning);
      },
      output: {
        // The template editor's CodeMirror (loaded only by /templates) in two chunks under the
        // 400 kB limit: the YAML grammar, and the editor it plugs into (which never imports it).
        manualChunks(id) {
          if (/\/node_modules\/(@codemirror\/lang-yaml|@lezer\/yaml|@lezer\/lr)\//.test(id))
            return 'yaml-grammar';
          if (/\/node_modules\/(@codemirror|@lezer|codemirror)\//.test(id)) return 'codemirror';
          // zod and the switch that makes it jitless in one chunk, switch right after zod: every
          // schema (core's included) is built in chunks that import this one, so after the switch.
          if (/\/node_modules\/zod\/|\/src\/lib\/zod-jitless\.ts$/.test(id)) return 'zod';
          return undefined;
        },
      },
    },
  },
  server: {
    proxy: { '/api': process.env.DIDBAN_API_ORIGIN ?? 'http://127.0.0.1:8080' },
  },
});
