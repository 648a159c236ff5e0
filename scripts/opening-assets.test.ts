import { describe, expect, it } from 'vitest';
import { type Manifest, openingAssetsOf } from './opening-assets';

describe('openingAssetsOf', () => {
  const manifest: Manifest = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_framework.js'],
      css: ['assets/index.css'],
    },
    '_framework.js': { file: 'assets/framework.js' },
    'src/web/app/pages/ShopPage.tsx': {
      file: 'assets/ShopPage.js',
      imports: ['_framework.js', '_ui.js'],
      css: ['assets/ShopPage.css'],
    },
    '_ui.js': { file: 'assets/ui.js', css: ['assets/ui.css', 'assets/index.css'] },
    'src/web/app/result-extras.tsx': { file: 'assets/result-extras.js', css: ['assets/extras.css'] },
  };
  const assets = openingAssetsOf(manifest);

  it("lists a page's stylesheets and chunks, its imports first, without the shell's", () => {
    expect(assets['/shop']?.styles).toEqual(['/assets/ui.css', '/assets/ShopPage.css']);
    expect(assets['/shop']?.scripts).toEqual(['/assets/ui.js', '/assets/ShopPage.js']);
  });

  it('leaves out what the page loads after its content (a result card’s extras)', () => {
    const all = Object.values(assets).flatMap((a) => [...a.styles, ...a.scripts]);
    expect(all).not.toContain('/assets/extras.css');
    expect(all).not.toContain('/assets/result-extras.js');
  });

  it('leaves out pages with nothing of their own', () => {
    expect(assets['/']).toBeUndefined();
  });
});
