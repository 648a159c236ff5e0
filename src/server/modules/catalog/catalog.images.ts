const palette: Record<string, string> = {
  'all-terrain': '#8a6d3b',
  'mud-terrain': '#6b4f2a',
  winter: '#3b6e8a',
  performance: '#8a2d2d',
  commercial: '#4d4d4d',
};

/** A drawn tire: tread blocks vary by line so that cards tell lines apart. Never downloaded. */
export function tireSvg(name: string, brand: string, category: string | null, seed: number): string {
  const accent = palette[category ?? ''] ?? '#2d5b8a';
  const blocks = 6 + (seed % 5);
  const tread = Array.from({ length: blocks * 2 }, (_, i) => {
    const y = 30 + (i * 140) / (blocks * 2);
    const x = i % 2 ? 62 : 58 + (seed % 7);
    return `<rect x="${x}" y="${y.toFixed(1)}" width="${76 - (seed % 9)}" height="${(140 / (blocks * 2) - 3).toFixed(1)}" rx="2" fill="#3a3a3a"/>`;
  }).join('');
  const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 240" role="img" aria-label="${esc(`${brand} ${name}`)}">
<rect width="200" height="240" fill="#f4f6f8"/>
<rect x="50" y="20" width="100" height="160" rx="28" fill="#1f1f1f"/>${tread}
<rect x="50" y="20" width="100" height="160" rx="28" fill="none" stroke="${accent}" stroke-width="4"/>
<text x="100" y="205" font-family="sans-serif" font-size="14" font-weight="700" text-anchor="middle" fill="${accent}">${esc(brand)}</text>
<text x="100" y="225" font-family="sans-serif" font-size="11" text-anchor="middle" fill="#333">${esc(name.slice(0, 28))}</text>
</svg>`;
}
