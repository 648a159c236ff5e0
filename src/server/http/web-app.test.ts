import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openingAssetLinks, routePattern } from './web-app';

describe('routePattern', () => {
  it('matches a fixed path, a parameter and an area', () => {
    expect(routePattern('/shop').test('/shop')).toBe(true);
    expect(routePattern('/shop').test('/shop/')).toBe(true);
    expect(routePattern('/shop').test('/shopping')).toBe(false);
    expect(routePattern('/orders/:id').test('/orders/12')).toBe(true);
    expect(routePattern('/orders/:id').test('/orders/12/lines')).toBe(false);
    expect(routePattern('/admin/*').test('/admin')).toBe(true);
    expect(routePattern('/admin/*').test('/admin/orders/3')).toBe(true);
    expect(routePattern('/').test('/')).toBe(true);
    expect(routePattern('/').test('/shop')).toBe(false);
  });
});

describe('openingAssetLinks', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'assets-')), 'opening-assets.json');
  writeFileSync(
    file,
    JSON.stringify({
      '/admin/*': { styles: ['/assets/admin.css'], scripts: [] },
      '/shop/product/:code': { styles: ['/assets/product.css'], scripts: [] },
      '/shop': { styles: ['/assets/a.css', '/assets/b.css'], scripts: ['/assets/shop.js'] },
    }),
  );
  const linksOf = openingAssetLinks(file);

  it("gives a page's stylesheets in their order, then its chunks at low priority", () => {
    expect(linksOf('/shop')).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/a.css"><link rel="stylesheet" crossorigin href="/assets/b.css">' +
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/shop.js">',
    );
    expect(linksOf('/shop/product/X-1')).toContain('/assets/product.css');
    expect(linksOf('/admin/orders/3')).toContain('/assets/admin.css');
  });

  it('gives nothing for a page without assets of its own, or without the file', () => {
    expect(linksOf('/')).toBe('');
    expect(openingAssetLinks(join(tmpdir(), 'no-such-file.json'))('/shop')).toBe('');
  });
});
