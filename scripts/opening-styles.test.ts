import { describe, expect, it } from 'vitest';
import { type Manifest, openingStylesOf } from './opening-styles';

describe('openingStylesOf', () => {
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
  const styles = openingStylesOf(manifest);

  it("lists a page's stylesheets, those of its imports first, without the shell's", () => {
    expect(styles['/shop']).toEqual(['/assets/ui.css', '/assets/ShopPage.css']);
  });

  it('leaves out what the page loads after its content (a result card’s extras)', () => {
    expect(Object.values(styles).flat()).not.toContain('/assets/extras.css');
  });

  it('leaves out pages with no stylesheet of their own', () => {
    expect(styles['/']).toBeUndefined();
  });
});
