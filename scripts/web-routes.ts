// The web app's route table, read from src/web/app/router.tsx itself (TypeScript's parser, no
// browser): every path with the source file of its page. Used by the bundle budget
// (scripts/web-budget.ts: which chunks a route loads) and the phone e2e test (e2e/web-phone.spec.ts:
// which pages to measure), so that a page added to the router is checked without a list to keep.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { paths } from '../src/web/app/paths.ts';

export interface WebRoute {
  /** The full path as the router matches it: `/orders/:id`, `/admin/*`. */
  path: string;
  /** The page's source file relative to the repository (`src/web/app/pages/HomePage.tsx`), when found. */
  source?: string;
  /** The JSX element the route renders (`ShopPage`), or undefined for a lazy route. */
  component?: string;
  /** The page files shown together at this path: its parents' (an area's frame) and its own. */
  sources: string[];
  /**
   * The part of `sources` the page asks for before its content shows: without what its loaders
   * start after it (`afterOpeningPage` in lazy-pages.tsx: a result card's extras).
   */
  opening: string[];
}

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const routerFile = 'src/web/app/router.tsx';

function parse(file: string) {
  return ts.createSourceFile(
    file,
    readFileSync(join(root, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
}

/** `../x/Page` imported from `file` → `src/web/x/Page.tsx`. */
function resolveImport(file: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = join(dirname(file), spec);
  for (const ext of ['.tsx', '.ts', '/index.tsx', '/index.ts']) {
    if (existsSync(join(root, base + ext))) return relative('.', base + ext);
  }
  return undefined;
}

/** Every `import('…')` inside a node, resolved from `file`, in source order. */
function dynamicImportsIn(node: ts.Node, file: string): string[] {
  const found: string[] = [];
  const visit = (n: ts.Node) => {
    if (
      ts.isCallExpression(n) &&
      n.expression.kind === ts.SyntaxKind.ImportKeyword &&
      n.arguments[0] &&
      ts.isStringLiteral(n.arguments[0])
    ) {
      const target = resolveImport(file, n.arguments[0].text);
      if (target) found.push(target);
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/**
 * Where each name imported by `file` comes from: static imports, and lazy-pages-style
 * `export const X = …import('…')` (the page's file first, then what its loader starts with it).
 */
function sourcesOfNames(file: string): Map<string, { all: string[]; opening: string[] }> {
  const names = new Map<string, { all: string[]; opening: string[] }>();
  const sf = parse(file);
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const from = resolveImport(file, st.moduleSpecifier.text);
      const bindings = st.importClause?.namedBindings;
      if (!from || !bindings || !ts.isNamedImports(bindings)) continue;
      // A module of lazy pages: each name maps to the file its import() loads.
      const lazy = lazyExports(from);
      for (const el of bindings.elements)
        names.set(el.name.text, lazy.get(el.name.text) ?? { all: [from], opening: [from] });
    }
  }
  return names;
}

/**
 * `export const X = page(() => { void loadY(); return import('./X'); })`: X → [./X, what loadY
 * imports]. A loader started with the page (lazy-pages.tsx) is part of the page's first load.
 */
function lazyExports(file: string): Map<string, { all: string[]; opening: string[] }> {
  const out = new Map<string, { all: string[]; opening: string[] }>();
  if (!/\.tsx?$/.test(file)) return out;
  const initializers = new Map<string, ts.Expression>();
  for (const st of parse(file).statements) {
    if (!ts.isVariableStatement(st)) continue;
    for (const d of st.declarationList.declarations)
      if (ts.isIdentifier(d.name) && d.initializer) initializers.set(d.name.text, d.initializer);
  }
  for (const [name, init] of initializers) {
    const own = dynamicImportsIn(init, file);
    if (!own.length) continue;
    // Loaders of the same module called inside the initializer (`void loadAddToCart()`), and
    // those of them that wait for the page's content (`afterOpeningPage(() => import(…))`).
    const started: string[] = [];
    const later: string[] = [];
    const visit = (n: ts.Node) => {
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression)) {
        const callee = initializers.get(n.expression.text);
        if (callee) {
          const files = dynamicImportsIn(callee, file);
          started.push(...files);
          if (ts.isCallExpression(callee) && callee.expression.getText() === 'afterOpeningPage')
            later.push(...files);
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(init);
    // A page drawn with Mantine brings Mantine's provider with it (with-mantine.tsx).
    const mantineRoot = resolveImport(file, './MantineRoot');
    if (mantineRoot && drawnWithMantine(init)) started.push(mantineRoot);
    const all = [...new Set([...own, ...started])];
    out.set(name, { all, opening: all.filter((f) => !later.includes(f)) });
  }
  return out;
}

/** `page(load, name, options)` without `light: true` in its options (lazy-pages.tsx). */
function drawnWithMantine(init: ts.Expression): boolean {
  if (!ts.isCallExpression(init) || init.expression.getText() !== 'page') return false;
  const options = init.arguments[2];
  const light =
    options &&
    ts.isObjectLiteralExpression(options) &&
    options.properties.some(
      (p) =>
        ts.isPropertyAssignment(p) &&
        p.name.getText() === 'light' &&
        p.initializer.kind === ts.SyntaxKind.TrueKeyword,
    );
  return !light;
}

/** A route's `path:` value: a string, `paths.x`, or a template of those. */
function pathValue(e: ts.Expression): string | undefined {
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return e.text;
  if (ts.isPropertyAccessExpression(e) && e.expression.getText() === 'paths')
    return paths[e.name.text as keyof typeof paths];
  if (ts.isTemplateExpression(e)) {
    let text = e.head.text;
    for (const span of e.templateSpans) {
      const v = pathValue(span.expression);
      if (v === undefined) return undefined;
      text += v + span.literal.text;
    }
    return text;
  }
  return undefined;
}

const join2 = (parent: string, child: string) =>
  child.startsWith('/') ? child : `${parent.replace(/\/$/, '')}/${child}`.replace(/\/+/g, '/');

/** The components a route's element shows: `<Page />`, or each element of a fragment `<><A /><B /></>`. */
function jsxTags(e: ts.Expression | undefined): string[] {
  if (!e) return [];
  const inner = ts.isParenthesizedExpression(e) ? e.expression : e;
  if (ts.isJsxSelfClosingElement(inner)) return [inner.tagName.getText()];
  if (ts.isJsxElement(inner)) return [inner.openingElement.tagName.getText()];
  if (ts.isJsxFragment(inner))
    return inner.children.flatMap((c) => (ts.isJsxText(c) || ts.isJsxExpression(c) ? [] : jsxTags(c)));
  return [];
}

/** Every route of the router with a path (layout routes without one only pass their children on). */
export function webRoutes(): WebRoute[] {
  const names = sourcesOfNames(routerFile);
  const routes: WebRoute[] = [];
  const walk = (
    list: ts.ArrayLiteralExpression,
    parent: string,
    parentSources: string[],
    parentOpening: string[],
  ) => {
    for (const el of list.elements) {
      if (!ts.isObjectLiteralExpression(el)) continue;
      const prop = (name: string) =>
        el.properties.find(
          (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === name,
        )?.initializer;
      const rawPath = prop('path');
      const own = rawPath ? pathValue(rawPath) : undefined;
      const full = own === undefined ? parent : join2(parent, own);
      const tags = jsxTags(prop('element'));
      const component = tags[0];
      const lazy = prop('lazy');
      const isIndex = prop('index')?.kind === ts.SyntaxKind.TrueKeyword;
      const lazyPages = lazy ? dynamicImportsIn(lazy, routerFile) : [];
      const pages = lazy ? lazyPages : tags.flatMap((t) => names.get(t)?.all ?? []);
      const openingPages = lazy ? lazyPages : tags.flatMap((t) => names.get(t)?.opening ?? []);
      const source = pages[0];
      const sources = [...new Set([...parentSources, ...pages])];
      const opening = [...new Set([...parentOpening, ...openingPages])];
      if (own !== undefined || isIndex)
        routes.push({ path: full || '/', component, source, sources, opening });
      const children = prop('children');
      if (children && ts.isArrayLiteralExpression(children)) walk(children, full, sources, opening);
    }
  };
  // `export const routes: PageRoute[] = [ … ]` (or a data router's createBrowserRouter([ … ])).
  const visit = (n: ts.Node) => {
    if (
      ts.isVariableDeclaration(n) &&
      n.name.getText() === 'routes' &&
      n.initializer &&
      ts.isArrayLiteralExpression(n.initializer)
    ) {
      walk(n.initializer, '', [], []);
      return;
    }
    if (ts.isCallExpression(n) && n.expression.getText() === 'createBrowserRouter') {
      const arg = n.arguments[0];
      if (arg && ts.isArrayLiteralExpression(arg)) walk(arg, '', [], []);
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(parse(routerFile));
  // An index route and its parent share a path: keep the index (what shows there, with its frame).
  const byPath = new Map<string, WebRoute>();
  for (const r of routes) byPath.set(r.path, r);
  return [...byPath.values()];
}

if (import.meta.url === `file://${process.argv[1]}`)
  console.table(
    webRoutes().map((r) => ({ ...r, sources: r.sources.join(' + '), opening: r.opening.join(' + ') })),
  );
