import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { openingAssetsOf } from './scripts/opening-assets.ts';

const outDir = 'dist/web';

/**
 * Writes `<file>.br` and `<file>.gz` beside every text asset over 1 KB, at the highest levels
 * (done once at build time, so the server never compresses a static file per request;
 * src/server/http/web-app.ts serves them with @fastify/static's preCompressed).
 */
function precompress(): Plugin {
  const compressible = /\.(js|mjs|css|html|svg|json|txt|map)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'tread-precompress',
    apply: 'build',
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!compressible.test(file)) continue;
        const raw = readFileSync(file);
        if (raw.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(raw, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
        );
      }
    },
  };
}

/**
 * Writes `opening-assets.json`: for each route of the router, the stylesheets and chunks its
 * page needs before it shows (scripts/opening-assets.ts). The server links them in that page's
 * HTML (src/server/http/web-app.ts): they arrive with the app's scripts, and the preload helper
 * appends no `<link>` for them (docs/performance-web.md, "Seventh round").
 */
function openingAssets(): Plugin {
  return {
    name: 'tread-opening-assets',
    apply: 'build',
    writeBundle() {
      const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));
      writeFileSync(join(outDir, 'opening-assets.json'), JSON.stringify(openingAssetsOf(manifest)));
    },
  };
}

// The libraries every page runs (React, the router, Redux, qs) in one
// long-lived chunk: a deploy that changes only the app's code leaves it in the browser's cache.
// Zod is not in it: the shell calls the API through src/web/api/routes.ts, and Zod comes with the
// pages that use the contract's schemas. Nor is RTK Query: it comes with the first page that
// calls the api (src/web/api/api-loaded.ts). The API client (src/web/api/client.ts, over qs) is
// in it too: every page runs it and it seldom changes, and left to the automatic split Rolldown
// made it a fourth file of the shell once no page imported the store (the pages import hooks from
// lib/store-hooks.ts).
const framework =
  /node_modules\/(react|react-dom|scheduler|react-router|react-redux|@reduxjs\/toolkit\/dist(?!\/query)|redux|redux-thunk|immer|reselect|use-sync-external-store|qs)\/|src\/web\/api\/client\.ts$/;

export default defineConfig({
  plugins: [react(), openingAssets(), precompress()],
  resolve: {
    alias: {
      // qs needs only a keyed store from side-channel; the package brings get-intrinsic and
      // object-inspect (≈13 KB gzipped) into every page for it. src/web/lib/side-channel.cjs is
      // the same interface on WeakMap/Map.
      'side-channel': new URL('./src/web/lib/side-channel.cjs', import.meta.url).pathname,
      // React Router's package exports only its development build, which checks and warns as it
      // matches and renders; the production build beside it is the same code without that work.
      'react-router': new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)
        .pathname,
    },
  },
  build: {
    outDir,
    emptyOutDir: true,
    // The budget of every route's chunks is checked by scripts/web-budget.mjs from this manifest.
    manifest: true,
    // The one chunk over it is the order analytics (recharts), loaded only on that page; the
    // budget check (scripts/web-budget.ts) is what guards the sizes.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // The UI libraries' shared chunks are called ui-<hash> (their automatic names list every
        // page that shares them).
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('ui~') ? 'assets/ui-[hash].js' : 'assets/[name]-[hash].js',
        codeSplitting: {
          groups: [
            { name: 'framework', test: framework, priority: 3 },
            {
              // What every page drawn with Mantine runs (its provider, Box and styles API, the
              // hooks and utilities its components share) in one chunk beside the framework.
              // Split by page with the rest, its small modules were merged into whichever
              // neighbour was nearest: a result card's stars brought the popover and scroll area.
              name: 'mantine',
              test: /node_modules\/(@mantine\/core\/esm\/core\/|@mantine\/hooks\/|clsx\/)/,
              priority: 2,
            },
            {
              // Mantine and the small libraries under it, split by the set of pages that use
              // each module, but a part under 3 KB goes with its nearest neighbour: the
              // automatic split made a chunk of every component (56 requests for /shop, and a
              // phone on HTTP/1.1 opens 6 connections; Lighthouse's mobile LCP paid for each).
              // At 10 KB the merges brought unrelated components along (the home page loaded
              // the popover, scroll area and floating-ui with Badge's neighbour, and NumberInput).
              name: 'ui',
              test: /node_modules\/(@mantine|@tabler|@floating-ui|react-remove-scroll|react-number-format|clsx|dayjs)/,
              entriesAware: true,
              entriesAwareMergeThreshold: 3_000,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/login': 'http://localhost:3000' } },
});
