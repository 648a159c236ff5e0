// What each route's page needs before it shows, from Vite's manifest and the router
// (scripts/web-routes.ts): the stylesheets and JavaScript chunks that Vite's preload helper
// would otherwise add one `<link>` at a time when the page's chunk is asked for. Written at
// build time to dist/web/opening-assets.json (vite.config.ts) and linked in the page's HTML by
// the server (src/server/http/web-app.ts); see docs/performance-web.md, "Seventh round".
import { webRoutes } from './web-routes.ts';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** A page's own assets, as paths (`/assets/….css`, `/assets/….js`). */
export interface OpeningAssets {
  styles: string[];
  scripts: string[];
}

/** The chunks a chunk needs, its imports before it (the order Vite gives their stylesheets). */
export function inOrder(manifest: Manifest, keys: string[], seen = new Set<string>(), out: string[] = []) {
  for (const k of keys) {
    if (seen.has(k) || !manifest[k]) continue;
    seen.add(k);
    inOrder(manifest, manifest[k].imports ?? [], seen, out);
    out.push(k);
  }
  return out;
}

/**
 * Route path (`/shop`, `/orders/:id`, `/admin/*`) → the stylesheets and chunks of its page and
 * of what the page imports before it shows, without the shell's (index.html links them
 * already) and without what the page loads after its content. Routes with none are left out.
 */
export function openingAssetsOf(manifest: Manifest): Record<string, OpeningAssets> {
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const shell = new Set(entry ? inOrder(manifest, [entry]) : []);
  const shellCss = new Set([...shell].flatMap((k) => manifest[k].css ?? []));
  const out: Record<string, OpeningAssets> = {};
  for (const route of webRoutes()) {
    const chunks = inOrder(manifest, route.opening).filter((k) => !shell.has(k));
    const styles = [...new Set(chunks.flatMap((k) => manifest[k].css ?? []))].filter((f) => !shellCss.has(f));
    const scripts = chunks.map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
    if (styles.length || scripts.length)
      out[route.path] = { styles: styles.map((f) => `/${f}`), scripts: scripts.map((f) => `/${f}`) };
  }
  return out;
}
