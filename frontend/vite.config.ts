import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    // Brotli and gzip copies beside each asset, made once at build; koa-static sends the one the
    // browser accepts, so no asset is compressed per request.
    ...(isSsrBuild ? [] : [compression({ algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip')], threshold: 1024 })]),
  ],
  resolve: {
    // See src/lib/side-channel.cjs: the browser gets qs's side channel without its error-message helpers.
    alias: isSsrBuild ? [] : [{ find: /^side-channel$/, replacement: fileURLToPath(new URL('./src/lib/side-channel.cjs', import.meta.url)) }],
  },
  build: {
    outDir: 'dist/client',
    manifest: true,
    sourcemap: false,
    rollupOptions: isSsrBuild
      ? {}
      : {
          output: {
            // The site's Link (src/components/link.tsx) travels with React Router, which every page
            // loads anyway: on its own it was one more file on every page's critical path.
            manualChunks: (id: string) => (/[\\/]node_modules[\\/]react-router(-dom)?[\\/]|[\\/]src[\\/]components[\\/]link\.tsx$/.test(id) ? 'router' : undefined),
          },
        },
  },
  ssr: {
    // Bundled into the server entry so the SSR build does not depend on CJS/ESM interop at run time.
    noExternal: ['react-router', 'react-router-dom', 'react-instantsearch', 'react-instantsearch-core', 'instantsearch.js'],
  },
}));
