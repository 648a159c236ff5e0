import { describe, expect, it } from 'vitest';
import { interpretQuery, queryWithout, type Vocabulary } from './search-query';
import { formatSize } from './tire-size';

const vocabulary: Vocabulary = {
  makes: [
    { id: 1, name: 'Michelin' },
    { id: 2, name: 'Bridgestone' },
    { id: 3, name: 'BFGoodrich' },
    { id: 4, name: 'Mickey Thompson' },
    { id: 5, name: 'Nitto' },
  ],
  models: [
    { id: 10, makeId: 1, name: 'Defender 2' },
    { id: 11, makeId: 1, name: 'Pilot Sport 4S' },
    { id: 20, makeId: 2, name: 'Blizzak WS90' },
    { id: 30, makeId: 3, name: 'All-Terrain T/A KO2' },
    { id: 40, makeId: 4, name: 'Baja Boss A/T' },
    { id: 50, makeId: 5, name: 'Ridge Grappler' },
  ],
  categories: [{ id: 7, name: 'All-Season' }],
};
const read = (text: string) => interpretQuery(text, vocabulary);
const sizeOf = (text: string) => {
  const { size } = read(text);
  return size && formatSize(size);
};

describe('free-text shop queries', () => {
  it('finds a size in every common notation', () => {
    for (const text of ['2254517', '225/45R17', '225-45-17', '225 45 17', '225/45r17 94w', 'P225/45R17']) {
      expect(sizeOf(text)?.replace(/^P/, '')).toBe('225/45R17');
    }
    expect(sizeOf('LT265/70R17')).toBe('LT265/70R17');
    expect(sizeOf('33x12.50R15')).toBe('33x12.50R15');
    expect(sizeOf('33X12.50-15LT')).toBe('33x12.50R15');
  });

  it('reads a brand and a size together', () => {
    expect(read('michelin 225/65r17')).toMatchObject({ makeIds: [1], terms: [] });
    expect(sizeOf('michelin 225/65r17')).toBe('225/65R17');
    expect(read('225 65 17 bridgestone')).toMatchObject({ makeIds: [2] });
  });

  it('tolerates typos in brand and line names', () => {
    expect(read('michlin').makeIds).toEqual([1]);
    expect(read('bridgstone blizak').modelIds).toEqual([20]);
    expect(read('mickey thompson baja').makeIds).toEqual([4]);
    expect(read('ko2').modelIds).toEqual([30]);
    expect(read('all-terrain t/a').modelIds).toEqual([30]);
  });

  it('keeps a line only when it belongs to a named brand', () => {
    expect(read('michelin defender')).toMatchObject({ makeIds: [1], modelIds: [10], terms: [] });
    expect(read('pilot sport')).toMatchObject({ makeIds: [], modelIds: [11] });
  });

  it('prefers a name spelled right to a typo of another', () => {
    // "ridge" starts the line Ridge Grappler; it is not a misspelt "bridge(stone)".
    expect(read('nitto ridge')).toMatchObject({ makeIds: [5], modelIds: [50], terms: [] });
    expect(read('bridgstone ridge')).toMatchObject({ makeIds: [2], modelIds: [], terms: ['ridge'] });
  });

  it('leaves an MPN or its prefix as a term', () => {
    expect(read('MIC-482913')).toMatchObject({
      size: null,
      makeIds: [],
      modelIds: [],
      terms: ['MIC-482913'],
    });
    expect(read('MIC-48').terms).toEqual(['MIC-48']);
    expect(read('MIC').terms).toEqual(['MIC']);
  });

  it('reads common aliases and keeps where each part came from', () => {
    expect(read('BFG')).toMatchObject({ makeIds: [3], terms: [] });
    const q = read('all season 225/45r17');
    expect(q.parts.map((p) => [p.kind, p.text])).toEqual([
      ['category', 'all season'],
      ['size', '225/45r17'],
    ]);
    expect(queryWithout('all season 225/45r17', q.parts[0])).toBe('225/45r17');
    expect(queryWithout('all season 225/45r17', q.parts[1])).toBe('all season');
  });

  it('filters by the service description written with a whole size, removable on its own', () => {
    const text = 'michelin 225/45R17 94W';
    const q = read(text);
    expect(q).toMatchObject({ load: [94], speed: ['W'], terms: [] });
    expect(q.parts.map((p) => [p.kind, p.text, p.label])).toEqual([
      ['make', 'michelin', 'Brand: Michelin'],
      ['size', '225/45R17', 'Size 225/45R17'],
      ['load', '94W', 'Load index 94, speed rating W'],
    ]);
    expect(queryWithout(text, q.parts[2])).toBe('michelin 225/45R17');
    expect(queryWithout(text, q.parts[1])).toBe('michelin 94W');
    expect(read('LT265/70R17 121/118S')).toMatchObject({ load: [121], speed: ['S'] });
    expect(read('225/45ZR17 (94Y)')).toMatchObject({ load: [94], speed: ['Y'] });
    // Written without a blank it cannot be told from the size's digits: the size alone, as before.
    expect(read('225451794W')).toMatchObject({ load: [], speed: [] });
  });
});
