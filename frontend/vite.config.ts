import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/** The page template and the module it loads: kept out of the `app` chunk, they make the entry the build manifest names. */
const isEntryModule = (id: string) => /[\\/]frontend[\\/](index\.html|src[\\/]app[\\/]entry-client\.tsx)$/.test(id);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    // Brotli and gzip copies beside each asset, made once at build; koa-static sends the one the
    // browser accepts, so no asset is compressed per request.
    ...(isSsrBuild ? [] : [compression({ algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip')], threshold: 1024 })]),
  ],
  resolve: {
    alias: [
      // See src/lib/swc-helpers/object-spread.ts: InstantSearch's object spreads without a defineProperty per key.
      { find: /^@swc\/helpers\/esm\/_object_spread\.js$/, replacement: fileURLToPath(new URL('./src/lib/swc-helpers/object-spread-module.ts', import.meta.url)) },
      { find: /^@swc\/helpers\/esm\/_object_spread_props\.js$/, replacement: fileURLToPath(new URL('./src/lib/swc-helpers/object-spread-props-module.ts', import.meta.url)) },
      // See src/lib/side-channel.cjs: the browser gets qs's side channel without its error-message helpers.
      ...(isSsrBuild ? [] : [{ find: /^side-channel$/, replacement: fileURLToPath(new URL('./src/lib/side-channel.cjs', import.meta.url)) }]),
    ],
  },
  build: {
    outDir: 'dist/client',
    manifest: true,
    sourcemap: false,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              // Everything the entry imports statically (React, the router, the layout, every
              // route's loader) travels in one chunk: every page loads all of it before hydrating,
              // and as a dozen small shared chunks each was one more request on the first paint's path.
              groups: [{ name: 'app', tags: ['$initial'], test: (id: string) => !isEntryModule(id) }],
            },
          },
        },
  },
  ssr: {
    // Bundled into the server entry so the SSR build does not depend on CJS/ESM interop at run time.
    noExternal: ['react-router', 'react-router-dom', 'react-instantsearch', 'react-instantsearch-core', 'instantsearch.js'],
  },
}));
