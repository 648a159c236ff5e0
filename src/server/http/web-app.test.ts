import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openingStyleLinks, routePattern } from './web-app';

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

describe('openingStyleLinks', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'styles-')), 'opening-styles.json');
  writeFileSync(
    file,
    JSON.stringify({
      '/admin/*': ['/assets/admin.css'],
      '/shop/product/:code': ['/assets/product.css'],
      '/shop': ['/assets/a.css', '/assets/b.css'],
    }),
  );
  const linksOf = openingStyleLinks(file);

  it("gives a page's stylesheets in their order", () => {
    expect(linksOf('/shop')).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/a.css"><link rel="stylesheet" crossorigin href="/assets/b.css">',
    );
    expect(linksOf('/shop/product/X-1')).toContain('/assets/product.css');
    expect(linksOf('/admin/orders/3')).toContain('/assets/admin.css');
  });

  it('gives nothing for a page without styles of its own, or without the file', () => {
    expect(linksOf('/')).toBe('');
    expect(openingStyleLinks(join(tmpdir(), 'no-such-file.json'))('/shop')).toBe('');
  });
});
