// The web bundle budget, from Vite's manifest of the production build: lists every
// route of the router with the chunks its first load downloads (the app shell, then its pages'
// chunks and their imports) and their gzipped sizes, and fails when a budget is broken.
//
//   node --import tsx scripts/web-budget.ts      (builds the web app first when its sources changed)
//
// Beside each route: the gzipped CSS its first load brings (the shell's Mantine base, then the
// styles its pages' files import; docs/performance-web.md, "CSS per page"), printed, not enforced.
//
// Two numbers per route (gzipped JavaScript of a first load, shell included):
//   - the limit, enforced: a little over what the build weighs today (docs/performance-web.md),
//     so that a new heavy import, or a page imported straight into router.tsx instead of through
//     lazy-pages.tsx (it lands in the shell, so in every first load), fails the check;
//   - the target, printed beside it: 120 KB for /login and /, which are also their limits
//     (reached by the light shell: the frame, /login and / draw without Mantine; see the doc).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { inOrder } from './opening-assets';
import { webRoutes } from './web-routes';

const KB = 1024;
/** The target for the pages a customer arrives on. */
const TARGET_KB: Record<string, number> = { '/login': 120, '/': 120 };
/**
 * Enforced limits: today's weight and some room (docs/performance-web.md, "Light shell": /login
 * 116.0, / 117.5, /shop 123.6, /admin/* 377 KB). The shell (113.4 KB) has neither Mantine, Zod nor
 * RTK Query: a Mantine component in the frame, the login form or the home panel, a page imported
 * straight into router.tsx, a contract module in a shell slice or the api in the store breaks the
 * /login and / limits (the 120 KB target); Mantine (about 60 KB) or a contract module (Zod) in
 * the results page breaks /shop's.
 */
const LIMIT_KB: Record<string, number> = {
  '/login': 120,
  '/': 120,
  '/shop': 150,
  '/tires': 150,
  '/admin/*': 390,
};
const ROUTE_LIMIT_KB = 300;

interface Chunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const dist = 'dist/web';
const manifestFile = `${dist}/.vite/manifest.json`;

execFileSync(process.execPath, ['scripts/web-build.mjs'], { stdio: 'inherit' });
if (!existsSync(manifestFile))
  throw new Error(`${manifestFile} is missing: is build.manifest on in vite.config.ts?`);
const manifest: Record<string, Chunk> = JSON.parse(readFileSync(manifestFile, 'utf8'));

const gz = new Map<string, number>();
/** Gzipped size of a built file: the .gz the build wrote beside it, or compressed here. */
function gzSize(file: string): number {
  let n = gz.get(file);
  if (n === undefined) {
    const path = `${dist}/${file}`;
    n = existsSync(`${path}.gz`) ? readFileSync(`${path}.gz`).length : gzipSync(readFileSync(path)).length;
    gz.set(file, n);
  }
  return n;
}

/** A chunk and everything it imports statically (what the browser loads before running it). */
const closure = (keys: string[]) => new Set(inOrder(manifest, keys));

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const sum = (keys: Iterable<string>) => [...keys].reduce((n, k) => n + gzSize(manifest[k].file), 0);
/** The stylesheets of some chunks, each once. */
const cssFiles = (keys: Iterable<string>) => new Set([...keys].flatMap((k) => manifest[k].css ?? []));
const cssSum = (files: Iterable<string>) => [...files].reduce((n, f) => n + gzSize(f), 0);

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entry) throw new Error('no entry chunk in the manifest');
const shell = closure([entry]);
const shellCss = cssFiles(shell);

console.log(`App shell (every page): ${kb(sum(shell))} JavaScript gzipped`);
for (const k of shell)
  console.log(`    ${manifest[k].file.padEnd(48)} ${kb(gzSize(manifest[k].file)).padStart(9)}`);
for (const css of shellCss) console.log(`    ${css.padEnd(48)} ${kb(gzSize(css)).padStart(9)} (CSS)`);

const failures: string[] = [];
// The entry, the framework and the bundler's runtime: each more file of the shell is one more
// render-blocking request on every page (a dynamic import of a package from the shell once made
// the bundler split four of the shell's modules out of the entry; see the doc, "Eighth round").
const SHELL_FILES = 3;
if (shell.size > SHELL_FILES) failures.push(`the shell is ${shell.size} files, more than ${SHELL_FILES}`);
console.log('\nFirst load of each route (gzipped, shell included: JavaScript and its limit, then CSS):');
for (const route of webRoutes()) {
  const own = route.sources.filter((s) => manifest[s]);
  const chunks = new Set([...closure(own)].filter((k) => !shell.has(k)));
  const total = sum(shell) + sum(chunks);
  const css = cssSum(new Set([...shellCss, ...cssFiles(chunks)]));
  const limit = LIMIT_KB[route.path] ?? ROUTE_LIMIT_KB;
  const target = TARGET_KB[route.path];
  const ok = total <= limit * KB;
  if (!ok) failures.push(`${route.path}: ${kb(total)} > ${limit} KB`);
  const targetNote = target ? `, target ${target} KB ${total <= target * KB ? 'met' : 'NOT met'}` : '';
  console.log(
    `  ${ok ? '✓' : '✖'} ${route.path.padEnd(22)} ${kb(total).padStart(9)}  (limit ${limit} KB${targetNote})  CSS ${kb(css)}  ${
      [...chunks]
        .map((k) => `${manifest[k].file.replace('assets/', '')} ${kb(gzSize(manifest[k].file))}`)
        .join(', ') || 'shell only'
    }`,
  );
}

// Chunks no route reaches directly (a page's own lazy parts: the console's areas, charts …).
const listed = new Set(webRoutes().flatMap((r) => [...closure(r.sources.filter((s) => manifest[s]))]));
const others = Object.keys(manifest).filter(
  (k) => !shell.has(k) && !listed.has(k) && manifest[k].file.endsWith('.js'),
);
if (others.length) {
  console.log('\nChunks loaded later, inside a page:');
  for (const k of others)
    console.log(`    ${manifest[k].file.padEnd(48)} ${kb(gzSize(manifest[k].file)).padStart(9)}`);
}

if (failures.length) {
  for (const f of failures) console.log(`✖ budget broken: ${f}`);
  process.exit(1);
}
console.log('\n✓ web bundle budgets hold');
