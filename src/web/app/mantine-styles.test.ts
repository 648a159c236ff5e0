import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Mantine's styles come per component (docs/performance-web.md, "CSS per page"): mantine-base.css
// has those of every page, and a file that renders another component imports its styles itself.
// A missing import shows as an unstyled component on some page only, so it is checked here:
// what a component needs is read from @mantine/core's own modules (each component's
// `*.module.mjs` is its class names, one per style file, and its imports name the components
// it is built on).

const web = resolve(import.meta.dirname, '..');
const esm = resolve(web, '../../node_modules/@mantine/core/esm');

const sourceOf = new Map<string, string>();
for (const m of readFileSync(join(esm, 'index.mjs'), 'utf8').matchAll(/import \{([^}]+)\} from "([^"]+)"/g))
  for (const name of m[1].split(',')) sourceOf.set(name.trim().split(' as ').pop()!, resolve(esm, m[2]));

/** The style files (component names) a module of @mantine/core needs, with those of its imports. */
function stylesOf(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file) || file.includes('/esm/core/')) return [];
  seen.add(file);
  const own = file.endsWith('.module.mjs') ? [file.split('/').pop()!.replace('.module.mjs', '')] : [];
  const imports = [...readFileSync(file, 'utf8').matchAll(/from "(\.[^"]+)"/g)];
  return [...own, ...imports.flatMap((m) => stylesOf(resolve(dirname(file), m[1]), seen))];
}

const layerFiles = (text: string) =>
  new Set([...text.matchAll(/@mantine\/core\/styles\/(\w+)\.layer\.css/g)].map((m) => m[1]));
const base = layerFiles(readFileSync(join(web, 'app/mantine-base.css'), 'utf8'));

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.includes('.test.') ? [path] : [];
  });

/** The components a file imports from @mantine/core (values, not types). */
function mantineImports(text: string): string[] {
  return [...text.matchAll(/import \{([^}]+)\} from '@mantine\/core'/g)].flatMap((m) =>
    m[1]
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s && !s.startsWith('type '))
      .map((s) => s.split(' as ')[0]),
  );
}

describe("Mantine's styles per component", () => {
  const files = sources(web).map((path) => ({
    path: path.slice(web.length + 1),
    text: readFileSync(path, 'utf8'),
  }));

  it('every file imports the styles of the Mantine components it uses that the base has not', () => {
    const missing = files.flatMap(({ path, text }) => {
      const needed = new Set(mantineImports(text).flatMap((name) => stylesOf(sourceOf.get(name)!)));
      const imported = layerFiles(text);
      return [...needed].filter((c) => !base.has(c) && !imported.has(c)).map((c) => `${path}: ${c}`);
    });
    expect(missing).toEqual([]);
  });

  it("a file that uses Mantine's dates or charts imports that package's styles, all in Mantine's layer", () => {
    const wrong = files.flatMap(({ path, text }) => [
      ...['dates', 'charts']
        .filter((pkg) => text.includes(`from '@mantine/${pkg}'`))
        .filter((pkg) => !text.includes(`import '@mantine/${pkg}/styles.layer.css'`))
        .map((pkg) => `${path}: @mantine/${pkg}/styles.layer.css`),
      ...[...text.matchAll(/import '(@mantine\/[^']+(?<!\.layer)\.css)'/g)].map((m) => `${path}: ${m[1]}`),
    ]);
    expect(wrong).toEqual([]);
  });
});
