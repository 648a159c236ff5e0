// The relevance suite of the shop search box: what buyers type, what each text must be read as,
// and what the demo catalogue must answer. Run as unit tests of the interpreter
// (src/server/modules/search/search-query.cases.test.ts, against the demo catalogue's names) and
// as API tests against the seeded catalogue (search.relevance.test.ts).
//
// `reads` names brands, lines and categories by name (the tests turn them into ids); a key left
// out is not checked, `terms: []` checks nothing was left over. `finds`: 'some' — at least one
// result, and every item of the first page fits the reading; 'none' — nothing (a size that does
// not exist), and the answer must carry suggestions. A line of `reads.lines` means "one of the
// lines read is this one" (a phrase may name several lines: "blizzak").

export interface CaseReading {
  size?: string;
  partial?: { type?: 'P' | 'LT'; width?: number; ratio?: number; rim?: number };
  makes?: string[];
  lines?: string[];
  categories?: string[];
  speed?: string[];
  load?: number[];
  ply?: number[];
  loadRanges?: string[];
  sidewall?: string[];
  runFlat?: boolean;
  terms?: string[];
}

export interface RelevanceCase {
  query: string;
  reads: CaseReading;
  finds: 'some' | 'none';
}

const c = (query: string, reads: CaseReading, finds: 'some' | 'none' = 'some'): RelevanceCase => ({
  query,
  reads,
  finds,
});

export const relevanceCases: RelevanceCase[] = [
  // The table, row by row.
  c('225', { partial: { width: 225 }, terms: [] }),
  c('225/45', { partial: { width: 225, ratio: 45 }, terms: [] }),
  c('22545', { partial: { width: 225, ratio: 45 }, terms: [] }),
  c('225 45', { partial: { width: 225, ratio: 45 }, terms: [] }),
  c('225-45', { partial: { width: 225, ratio: 45 }, terms: [] }),
  c('P225', { partial: { type: 'P', width: 225 }, terms: [] }),
  c('michelin 225', { makes: ['Michelin'], partial: { width: 225 }, terms: [] }),
  c('265 70 17 e', { size: '265/70R17', ply: [10], terms: [] }),
  c('all season 225/45r17', {
    size: '225/45R17',
    categories: ['All-Season'],
    makes: [],
    lines: [],
    terms: [],
  }),
  c('winter 205/55r16', { size: '205/55R16', categories: ['Winter'], lines: [], terms: [] }),
  c('run flat', { runFlat: true, lines: [], terms: [] }),

  // Partial sizes: width; width and ratio; P and LT; every separator.
  c('205', { partial: { width: 205 }, terms: [] }),
  c('215', { partial: { width: 215 }, terms: [] }),
  c('235', { partial: { width: 235 }, terms: [] }),
  c('245', { partial: { width: 245 }, terms: [] }),
  c('265', { partial: { width: 265 }, terms: [] }),
  c('275', { partial: { width: 275 }, terms: [] }),
  c('195', { partial: { width: 195 }, terms: [] }),
  c('p215', { partial: { type: 'P', width: 215 }, terms: [] }),
  c('P 225', { partial: { width: 225 } }),
  c('LT265', { partial: { type: 'LT', width: 265 }, terms: [] }),
  c('lt245', { partial: { type: 'LT', width: 245 }, terms: [] }),
  c('205/55', { partial: { width: 205, ratio: 55 }, terms: [] }),
  c('205-55', { partial: { width: 205, ratio: 55 }, terms: [] }),
  c('20555', { partial: { width: 205, ratio: 55 }, terms: [] }),
  c('205 55', { partial: { width: 205, ratio: 55 }, terms: [] }),
  c('265/70', { partial: { width: 265, ratio: 70 }, terms: [] }),
  c('26570', { partial: { width: 265, ratio: 70 }, terms: [] }),
  c('235/65', { partial: { width: 235, ratio: 65 }, terms: [] }),
  c('215/60', { partial: { width: 215, ratio: 60 }, terms: [] }),
  c('p225/45', { partial: { type: 'P', width: 225, ratio: 45 }, terms: [] }),
  c('225 r17', { partial: { width: 225, rim: 17 }, terms: [] }),
  c('225/45 r17', { size: '225/45R17', terms: [] }),
  c('michelin r17', { makes: ['Michelin'], partial: { rim: 17 }, terms: [] }),
  c('225 17"', { partial: { width: 225, rim: 17 }, terms: [] }),

  // Whole sizes in every notation.
  c('225/45R17', { size: '225/45R17', terms: [] }),
  c('225/45r17', { size: '225/45R17', terms: [] }),
  c('2254517', { size: '225/45R17', terms: [] }),
  c('225-45-17', { size: '225/45R17', terms: [] }),
  c('225 45 17', { size: '225/45R17', terms: [] }),
  c('225 45 r17', { size: '225/45R17', terms: [] }),
  c('225/45ZR17', { size: '225/45ZR17', terms: [] }),
  c('P225/45R17', { size: 'P225/45R17', terms: [] }),
  c('225/45R17 94W', { size: '225/45R17', load: [94], speed: ['W'], terms: [] }),
  c('225/45r17 94', { size: '225/45R17', load: [94], terms: [] }),
  c('205/55R16', { size: '205/55R16', terms: [] }),
  c('2055516', { size: '205/55R16', terms: [] }),
  c('205 55 16', { size: '205/55R16', terms: [] }),
  c('205-55-16 91v', { size: '205/55R16', load: [91], speed: ['V'], terms: [] }),
  c('2254517 94W', { size: '225/45R17', load: [94], speed: ['W'], terms: [] }),
  c('P225/45R17 (94W)', { size: 'P225/45R17', load: [94], speed: ['W'], terms: [] }),
  c('LT265/70R17 121/118S', { size: 'LT265/70R17', load: [121], speed: ['S'], terms: [] }),
  c('LT265/70R17', { size: 'LT265/70R17', terms: [] }),
  c('lt265 70 17', { size: 'LT265/70R17', terms: [] }),
  c('265/70r17', { size: '265/70R17', terms: [] }),
  c('2657017', { size: '265/70R17', terms: [] }),
  c('235/65R17', { size: '235/65R17', terms: [] }),
  c('215/55r17', { size: '215/55R17', terms: [] }),
  c('245/40r18', { size: '245/40R18', terms: [] }),
  c('275/55r20', { size: '275/55R20', terms: [] }),
  c('33x12.50R15', { size: '33x12.50R15', terms: [] }),
  c('33x12.50-15LT', { size: '33x12.50R15', terms: [] }),
  c('35x12.50r20', { size: '35x12.50R20', terms: [] }),

  // Sizes that do not exist: nothing found, suggestions instead.
  c('225/50r16', { size: '225/50R16', terms: [] }, 'none'),
  c('185/35r22', { size: '185/35R22', terms: [] }, 'none'),
  c('205/90r19', { size: '205/90R19', terms: [] }, 'none'),
  c('michelin 225/50r16', { size: '225/50R16', makes: ['Michelin'], terms: [] }, 'none'),
  c('winter 355/25r16', { size: '355/25R16', categories: ['Winter'], terms: [] }, 'none'),
  c('195/80r21', { size: '195/80R21', terms: [] }, 'none'),

  // Brands: spelled, typos, aliases.
  c('michelin', { makes: ['Michelin'], terms: [] }),
  c('Michelin', { makes: ['Michelin'], terms: [] }),
  c('michlin', { makes: ['Michelin'], terms: [] }),
  c('michellin', { makes: ['Michelin'], terms: [] }),
  c('bridgestone', { makes: ['Bridgestone'], terms: [] }),
  c('bridgstone', { makes: ['Bridgestone'], terms: [] }),
  c('goodyear', { makes: ['Goodyear'], terms: [] }),
  c('good year', { makes: ['Goodyear'], terms: [] }),
  c('goodyaer', { makes: ['Goodyear'], terms: [] }),
  c('continental', { makes: ['Continental'], terms: [] }),
  c('contintental', { makes: ['Continental'], terms: [] }),
  c('pirelli', { makes: ['Pirelli'], terms: [] }),
  c('pireli', { makes: ['Pirelli'], terms: [] }),
  c('yokohama', { makes: ['Yokohama'], terms: [] }),
  c('yokohamma', { makes: ['Yokohama'], terms: [] }),
  c('hankook', { makes: ['Hankook'], terms: [] }),
  c('hancook', { makes: ['Hankook'], terms: [] }),
  c('BFG', { makes: ['BFGoodrich'], terms: [] }),
  c('bfg', { makes: ['BFGoodrich'], terms: [] }),
  c('bf goodrich', { makes: ['BFGoodrich'], terms: [] }),
  c('bfgoodrich', { makes: ['BFGoodrich'], terms: [] }),
  c('mickey thompson', { makes: ['Mickey Thompson'], terms: [] }),
  c('cooper', { makes: ['Cooper'], terms: [] }),
  c('falken', { makes: ['Falken'], terms: [] }),
  c('nitto', { makes: ['Nitto'], terms: [] }),
  c('toyo', { makes: ['Toyo'], terms: [] }),
  c('firestone', { makes: ['Firestone'], terms: [] }),
  c('firestnoe', { makes: ['Firestone'], terms: [] }),
  c('general', { makes: ['General'], terms: [] }),
  c('gt radial', { makes: ['GT Radial'], terms: [] }),
  c('vredestien', { makes: ['Vredestein'], terms: [] }),
  c('conti', { makes: ['Continental'], terms: [] }),

  // Lines: spelled, prefixes, typos, distinctive words ("KO2"), brand and line together.
  c('bfg ko2', { makes: ['BFGoodrich'], lines: ['All-Terrain T/A KO2'], terms: [] }),
  c('ko2', { lines: ['All-Terrain T/A KO2'], terms: [] }),
  c('KO2', { lines: ['All-Terrain T/A KO2'], terms: [] }),
  c('km3', { lines: ['Mud-Terrain T/A KM3'], terms: [] }),
  c('blizzak', { lines: ['Blizzak WS90'], terms: [] }),
  c('Blizzak', { lines: ['Blizzak DM-V2'], terms: [] }),
  c('blizak', { lines: ['Blizzak WS90'], terms: [] }),
  c('bridgestone blizzak', { makes: ['Bridgestone'], lines: ['Blizzak WS90'], terms: [] }),
  c('bridgstone blizak', { makes: ['Bridgestone'], lines: ['Blizzak WS90'], terms: [] }),
  c('michelin defender', { makes: ['Michelin'], lines: ['Defender 2'], terms: [] }),
  c('defender', { lines: ['Defender 2'], terms: [] }),
  c('pilot sport 4s', { lines: ['Pilot Sport 4S'], terms: [] }),
  c('pilot sport all season 4', { lines: ['Pilot Sport All Season 4'], categories: [], terms: [] }),
  c('crossclimate', { lines: ['CrossClimate 2'], terms: [] }),
  c('cross climate', { lines: ['CrossClimate 2'], terms: [] }),
  c('wrangler duratrac', { lines: ['Wrangler DuraTrac'], terms: [] }),
  c('duratrac', { lines: ['Wrangler DuraTrac'], terms: [] }),
  c('ridge grappler', { lines: ['Ridge Grappler'], terms: [] }),
  c('nitto ridge', { makes: ['Nitto'], lines: ['Ridge Grappler'], terms: [] }),
  c('grappler', { lines: ['Ridge Grappler'], terms: [] }),
  c('all-terrain t/a', { lines: ['All-Terrain T/A KO2'], categories: [], terms: [] }),
  c('wildpeak', { lines: ['Wildpeak A/T3W'], terms: [] }),
  c('falken wildpeak', { makes: ['Falken'], lines: ['Wildpeak A/T3W'], terms: [] }),
  c('open country', { lines: ['Open Country A/T III'], terms: [] }),
  c('toyo open country', { makes: ['Toyo'], lines: ['Open Country M/T'], terms: [] }),
  c('p zero', { lines: ['P Zero'], terms: [] }),
  c('hakkapeliitta', { lines: ['Hakkapeliitta R5'], terms: [] }),
  c('hakkapelitta', { lines: ['Hakkapeliitta R5'], terms: [] }),
  c('ecopia', { lines: ['Ecopia EP422 Plus'], terms: [] }),
  c('assurance', { lines: ['Assurance WeatherReady'], terms: [] }),

  // Categories and their everyday words.
  c('all season', { categories: ['All-Season'], lines: [], terms: [] }),
  c('all-season', { categories: ['All-Season'], lines: [], terms: [] }),
  c('A/S', { categories: ['All-Season'], terms: [] }),
  c('winter', { categories: ['Winter'], lines: [], terms: [] }),
  c('snow', { categories: ['Winter'], terms: [] }),
  c('snow tires 205/55r16', { size: '205/55R16', categories: ['Winter'], terms: [] }),
  c('all terrain', { categories: ['All-Terrain'], lines: [], terms: [] }),
  c('A/T', { categories: ['All-Terrain'], terms: [] }),
  c('at 265/70r17', { size: '265/70R17', categories: ['All-Terrain'], terms: [] }),
  c('mud terrain', { categories: ['Mud-Terrain'], lines: [], terms: [] }),
  c('M/T', { categories: ['Mud-Terrain'], terms: [] }),
  c('mud', { categories: ['Mud-Terrain'], terms: [] }),
  c('performance', { categories: ['Performance'], terms: [] }),
  c('summer 245/40r18', { size: '245/40R18', categories: ['Performance'], terms: [] }),
  c('touring', { categories: ['Touring'], lines: [], terms: [] }),
  c('highway', { categories: ['Highway'], terms: [] }),
  c('H/T', { categories: ['Highway'], terms: [] }),
  c('h/t 265/70r17', { size: '265/70R17', categories: ['Highway'], terms: [] }),
  c('commercial', { categories: ['Commercial'], lines: [], terms: [] }),
  c('michelin all season', { makes: ['Michelin'], categories: ['All-Season'], terms: [] }),
  c('all season michelin 225', {
    makes: ['Michelin'],
    categories: ['All-Season'],
    partial: { width: 225 },
    terms: [],
  }),
  c('a/s 205/55r16', { size: '205/55R16', categories: ['All-Season'], terms: [] }),
  c('winter 225', { categories: ['Winter'], partial: { width: 225 }, terms: [] }),
  c('touring 215/55r17', { size: '215/55R17', categories: ['Touring'], terms: [] }),

  // Load range, ply and load index.
  c('265/70r17 e', { size: '265/70R17', ply: [10], terms: [] }),
  c('lt265/70r17 load range e', { size: 'LT265/70R17', ply: [10], terms: [] }),
  c('265/70r17 lre', { size: '265/70R17', ply: [10], terms: [] }),
  c('265 70 17 10 ply', { size: '265/70R17', ply: [10], terms: [] }),
  c('10 ply', { ply: [10], terms: [] }),
  c('10ply', { ply: [10], terms: [] }),
  c('10-ply 265', { ply: [10], partial: { width: 265 }, terms: [] }),
  c('load range e', { ply: [10], terms: [] }),
  c('load range c', { ply: [6], terms: [] }),
  c('lt245/75r16 d', { size: 'LT245/75R16', ply: [8], terms: [] }),
  c('xl', { loadRanges: ['XL'], terms: [] }),
  c('XL 225/45r17', { size: '225/45R17', loadRanges: ['XL'], terms: [] }),
  c('extra load', { loadRanges: ['XL'], terms: [] }),
  c('225/45r17 xl', { size: '225/45R17', loadRanges: ['XL'], terms: [] }),
  c('load 94', { load: [94], terms: [] }),
  c('li 91', { load: [91], terms: [] }),
  c('94v', { load: [94], speed: ['V'], terms: [] }),

  // Speed ratings.
  c('225/45r17 v', { size: '225/45R17', speed: ['V'], terms: [] }),
  c('225/45r17 h', { size: '225/45R17', speed: ['H'], terms: [] }),
  c('225/45r17 w', { size: '225/45R17', speed: ['W'], terms: [] }),
  c('245/40r18 y', { size: '245/40R18', speed: ['Y'], terms: [] }),
  c('v rated', { speed: ['V'], terms: [] }),
  c('h-rated 205/55r16', { size: '205/55R16', speed: ['H'], terms: [] }),
  c('speed w', { speed: ['W'], terms: [] }),
  c('y', { speed: ['Y'], terms: [] }),

  // Run-flat.
  c('runflat', { runFlat: true, terms: [] }),
  c('run-flat', { runFlat: true, terms: [] }),
  c('RFT', { runFlat: true, terms: [] }),
  c('run flat 225/45r17', { size: '225/45R17', runFlat: true, terms: [] }),
  c('bridgestone run flat', { makes: ['Bridgestone'], runFlat: true, terms: [] }),
  c('225 runflat', { partial: { width: 225 }, runFlat: true, terms: [] }),

  // Sidewall.
  c('white letters', { sidewall: ['RWL'], terms: [] }),
  c('RWL', { sidewall: ['RWL'], terms: [] }),
  c('raised white letters', { sidewall: ['RWL'], terms: [] }),
  c('bsw', { sidewall: ['BSW'], terms: [] }),
  c('owl', { sidewall: ['OWL'], terms: [] }),
  c('rwl all terrain', { sidewall: ['RWL'], categories: ['All-Terrain'], terms: [] }),
  c('black sidewall 205/55r16', { size: '205/55R16', sidewall: ['BSW'], terms: [] }),

  // MPNs and their prefixes stay terms (the search matches SKU codes by prefix).
  c('MIC-', { terms: ['MIC-'] }),
  c('MIC', { terms: ['MIC'] }),
  c('mic-1', { terms: ['mic-1'] }),
  c('BRI-1', { terms: ['BRI-1'] }),
  c('GDY-2', { terms: ['GDY-2'] }),
  c('bridgestone xyzzy', { makes: ['Bridgestone'], terms: ['xyzzy'] }, 'none'),
  c('nitto qqq-999999', { makes: ['Nitto'], terms: ['qqq-999999'] }, 'none'),
  c('michelin qqqq', { makes: ['Michelin'], terms: ['qqqq'] }, 'none'),

  // Mixed: everything at once.
  c('all season 225/45r17 v', {
    categories: ['All-Season'],
    size: '225/45R17',
    speed: ['V'],
    terms: [],
  }),
  c('bfg ko2 e', { makes: ['BFGoodrich'], lines: ['All-Terrain T/A KO2'], ply: [10], terms: [] }),
  c('michlin pilot sport 225/45r17', {
    makes: ['Michelin'],
    lines: ['Pilot Sport 4S'],
    size: '225/45R17',
    terms: [],
  }),
  c('goodyear 265/70r17', { makes: ['Goodyear'], size: '265/70R17', terms: [] }),
  c('michlin 225/45r17', { makes: ['Michelin'], size: '225/45R17', terms: [] }),
  c('225/45r17 michelin', { makes: ['Michelin'], size: '225/45R17', terms: [] }),
  c('205/55r16 bridgestone', { makes: ['Bridgestone'], size: '205/55R16', terms: [] }),
  c('nitto 33x12.50', { makes: ['Nitto'], partial: { width: 33, ratio: 12.5 }, terms: [] }),
  c('35x12.50', { partial: { width: 35, ratio: 12.5 }, terms: [] }),
  c('yokohama 225', { makes: ['Yokohama'], partial: { width: 225 }, terms: [] }),
  c('winter 225/45', { categories: ['Winter'], partial: { width: 225, ratio: 45 }, terms: [] }),
  c('all terrain 265', { categories: ['All-Terrain'], partial: { width: 265 }, terms: [] }),
  c('bfg all terrain', { makes: ['BFGoodrich'], categories: ['All-Terrain'], terms: [] }),
  c('performance run flat', { categories: ['Performance'], runFlat: true, terms: [] }),
];
