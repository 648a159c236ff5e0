import { readdirSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// docs/architecture.md's module map is how a newcomer finds their way: it names every folder of
// src/server/modules, once, and no folder that is gone.

const modulesDir = new URL('./', import.meta.url);
const folders = readdirSync(modulesDir)
  .filter((name) => statSync(new URL(name, modulesDir)).isDirectory())
  .sort();
const doc = readFileSync(new URL('../../../docs/architecture.md', import.meta.url), 'utf8');
const map = doc.slice(doc.indexOf('## Module map'), doc.indexOf('\n## ', doc.indexOf('## Module map') + 1));
const mapped = [...map.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]);

describe('the module map in docs/architecture.md', () => {
  it('names every server module, and only those', () => {
    expect(folders.length).toBeGreaterThan(20);
    expect([...mapped].sort()).toEqual(folders);
  });

  it('names each module once', () => {
    expect(mapped.filter((name, i) => mapped.indexOf(name) !== i)).toEqual([]);
  });
});
