import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isKnownPage, isPublicPage } from '../../contract/pages';
import { problem } from './errors';

const webRoot = fileURLToPath(new URL('../../../dist/web/', import.meta.url));

/** A route of the router (`/shop`, `/orders/:id`, `/admin/*`) as a test of a request's path. */
export function routePattern(route: string): RegExp {
  const body = route
    .replace(/\/\*$/, '')
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}${route.endsWith('/*') ? '(?:/.*)?' : '/?'}$`);
}

/**
 * The `<link>`s of each page's own stylesheets and chunks, from the build's opening-assets.json
 * (vite.config.ts): in the page's HTML they arrive with the app's scripts, and the page's first
 * render adds no `<link>` (docs/performance-web.md, "Seventh round"). The chunks are asked for
 * at low priority: the first paint (the header) does not wait for them. Fixed paths before
 * those with a parameter, before `/*` areas.
 */
export function openingAssetLinks(file: string): (path: string) => string {
  if (!existsSync(file)) return () => '';
  const assets = JSON.parse(readFileSync(file, 'utf8')) as Record<
    string,
    { styles: string[]; scripts: string[] }
  >;
  const routes = Object.entries(assets)
    .map(([route, { styles, scripts }]) => ({
      test: routePattern(route),
      rank: route.endsWith('/*') ? 2 : route.includes(':') ? 1 : 0,
      links: [
        ...styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
        ...scripts.map((href) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${href}">`),
      ].join(''),
    }))
    .sort((a, b) => a.rank - b.rank);
  return (path) => routes.find((r) => r.test.test(path))?.links ?? '';
}

const isAsset = (path: string) => path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(path);
const notPages = ['/api', '/healthz', '/readyz'];
const isPageRequest = (req: FastifyRequest, path: string) =>
  (req.method === 'GET' || req.method === 'HEAD') &&
  !notPages.some((p) => path.startsWith(p)) &&
  !isAsset(path);

/**
 * Serves the built web app. Pages other than the publicPages of src/contract/pages.ts need a
 * signed-in user: without one the answer is a 301 to /login, marked no-store so that the browser
 * does not keep the redirect.
 */
export async function registerWebApp(app: FastifyInstance) {
  const built = existsSync(`${webRoot}index.html`);
  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (vite.config.ts): sent as they are, to a
      // browser that accepts them, without compressing per request.
      preCompressed: true,
      // Hashed file names never change content: cache them for a year. Everything else
      // (favicon, manifest) is checked again each time.
      setHeaders(res, path) {
        res.header(
          'cache-control',
          path.includes('/assets/')
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=0, must-revalidate',
        );
      },
    });
  }
  const linksOf = openingAssetLinks(`${webRoot}opening-assets.json`);
  const indexHtml = (path: string) =>
    built
      ? readFileSync(`${webRoot}index.html`, 'utf8').replace('</head>', () => `${linksOf(path)}</head>`)
      : '<!doctype html><title>Tread</title><p>The web app is not built yet: run <code>npm run build:web</code>.</p>';

  app.addHook('onRequest', async (req, reply) => {
    const path = req.url.split('?')[0];
    if (!isPageRequest(req, path) || path === '/logout' || isPublicPage(path) || req.actor) return;
    const next = path === '/' ? '' : `?next=${encodeURIComponent(req.url)}`;
    return reply.header('cache-control', 'no-store').redirect(`/login${next}`, 301);
  });

  const sendPage = (req: FastifyRequest, reply: import('fastify').FastifyReply) => {
    const path = req.url.split('?')[0];
    return reply
      .status(isKnownPage(path) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml(path));
  };
  app.get('/', { schema: { hide: true } }, sendPage);

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    if (isPageRequest(req, path)) return sendPage(req, reply);
    return reply
      .status(404)
      .type('application/problem+json')
      .send(problem(404, 'not_found', `No route for ${req.method} ${path}`));
  });
}
