// The layering rules `npm test` enforces (see docs/architecture.md): a violation fails the run
// and names its rule.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No file reaches itself through its imports.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-not-to-server',
      severity: 'error',
      comment: 'The web app talks to the server over HTTP only (types come from src/contract).',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'web-features-apart',
      severity: 'error',
      comment: 'Web features never import each other; pages compose them.',
      from: { path: '^src/web/features/([^/]+)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/web/features/', pathNot: '^src/web/features/$1/' },
    },
    {
      name: 'web-features-not-app',
      severity: 'error',
      comment:
        'The app (store, router, pages) is assembled from the features, so no feature imports it back: typed store hooks come from lib/store-hooks.ts.',
      from: { path: '^src/web/features/' },
      to: { path: '^src/web/app/' },
    },
    {
      name: 'web-shared-below-features',
      severity: 'error',
      comment: 'components/, lib/ and api/ know no feature and no page.',
      from: { path: '^src/web/(components|lib|api)/' },
      to: { path: '^src/web/(features|app)/' },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'src/domain holds rules shared by server and web and depends on neither, nor on the contract.',
      from: { path: '^src/domain/' },
      to: { path: '^src/(server|web|contract)/' },
    },
    {
      name: 'contract-is-the-api-only',
      severity: 'error',
      comment: 'The contract describes the HTTP API; it imports nothing of the server or the web.',
      from: { path: '^src/contract/' },
      to: { path: '^src/(server|web)/' },
    },
    {
      name: 'modules-only-through-their-service',
      severity: 'error',
      comment:
        "A server module uses another module only through that module's public entry, its <area>.service.ts (only those files are named *.service.ts).",
      from: { path: '^src/server/modules/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^src/server/modules/[^/]+/',
        pathNot: ['^src/server/modules/$1/', '^src/server/modules/[^/]+/[^/]+\\.service\\.ts$'],
      },
    },
    {
      name: 'outside-code-only-through-module-services',
      severity: 'error',
      comment: 'Code outside the modules (http, db, seed) uses a module only through its service.',
      from: {
        path: '^src/server/',
        pathNot: ['^src/server/modules/', '^src/server/test/', '\\.test\\.ts$'],
      },
      to: { path: '^src/server/modules/[^/]+/', pathNot: '^src/server/modules/[^/]+/[^/]+\\.service\\.ts$' },
    },
    {
      name: 'routes-call-services',
      severity: 'error',
      comment:
        "A module's routes are HTTP only: they call its service (the use cases) and never its repository (the SQL).",
      from: { path: '^src/server/modules/[^/]+/[^/]+\\.routes\\.ts$' },
      to: { path: '\\.repository\\.ts$' },
    },
    {
      name: 'routes-build-no-sql',
      severity: 'error',
      comment:
        "A module's routes are HTTP only: they import neither drizzle-orm nor the schema; queries are the repository's.",
      from: { path: '^src/server/modules/[^/]+/[^/]+\\.routes\\.ts$' },
      to: { path: ['^node_modules/drizzle-orm/', '^src/server/db/schema/'] },
    },
    {
      name: 'repositories-below-services',
      severity: 'error',
      comment:
        'A repository is SQL only: it imports no service and no routes (the use cases call it, never the other way).',
      from: { path: '\\.repository\\.ts$' },
      to: { path: '\\.(service|routes)\\.ts$' },
    },
    {
      name: 'server-not-to-web',
      severity: 'error',
      comment: 'The server serves the built web app as files and imports none of its code.',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'module-list-registers-routes',
      severity: 'error',
      comment: 'modules/index.ts registers each area through its <area>.routes.ts and nothing else.',
      from: { path: '^src/server/modules/index\\.ts$' },
      to: { path: '^src/server/modules/[^/]+/', pathNot: '^src/server/modules/[^/]+/[^/]+\\.routes\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Packages are left out of the graph, except drizzle-orm: routes-build-no-sql must see it.
    exclude: { path: '^(node_modules/(?!drizzle-orm/)|dist/|data/)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
