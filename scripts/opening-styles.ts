// The stylesheets each route's page needs before it shows, from Vite's manifest and the router
// (scripts/web-routes.ts): what Vite's preload helper would otherwise add one link at a time
// when the page's chunk is asked for. Written at build time to dist/web/opening-styles.json
// (vite.config.ts) and put in the page's HTML by the server (src/server/http/web-app.ts); see
// docs/performance-web.md, "Seventh round".
import { webRoutes } from './web-routes.ts';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The chunks a chunk needs, its imports before it (the order Vite gives their stylesheets). */
function inOrder(manifest: Manifest, keys: string[], seen = new Set<string>(), out: string[] = []) {
  for (const k of keys) {
    if (seen.has(k) || !manifest[k]) continue;
    seen.add(k);
    inOrder(manifest, manifest[k].imports ?? [], seen, out);
    out.push(k);
  }
  return out;
}

/**
 * Route path (`/shop`, `/orders/:id`, `/admin/*`) → the stylesheets (`/assets/….css`) of its
 * page and the chunks it imports before it shows, without those of the shell (index.html links
 * them already). Routes with none are left out.
 */
export function openingStylesOf(manifest: Manifest): Record<string, string[]> {
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const shell = new Set(entry ? inOrder(manifest, [entry]) : []);
  const shellCss = new Set([...shell].flatMap((k) => manifest[k].css ?? []));
  const out: Record<string, string[]> = {};
  for (const route of webRoutes()) {
    const chunks = inOrder(manifest, route.opening).filter((k) => !shell.has(k));
    const css = [...new Set(chunks.flatMap((k) => manifest[k].css ?? []))].filter((f) => !shellCss.has(f));
    if (css.length) out[route.path] = css.map((f) => `/${f}`);
  }
  return out;
}
