import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    manifest: true,
    sourcemap: false,
  },
  ssr: {
    // Bundled into the server entry so the SSR build does not depend on CJS/ESM interop at run time.
    noExternal: ['react-router', 'react-router-dom', 'react-instantsearch', 'react-instantsearch-core', 'instantsearch.js'],
  },
});
