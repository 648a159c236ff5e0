// Demo catalogue vocabulary: real tire brands and their lines (names only; everything else about
// them is generated). Category codes: AS all-season, TR touring, PF performance, WI winter,
// AT all-terrain, MT mud-terrain, HT highway, CM commercial.

export const categoryDefs = {
  AS: { name: 'All-Season', slug: 'all-season' },
  TR: { name: 'Touring', slug: 'touring' },
  PF: { name: 'Performance', slug: 'performance' },
  WI: { name: 'Winter', slug: 'winter' },
  AT: { name: 'All-Terrain', slug: 'all-terrain' },
  MT: { name: 'Mud-Terrain', slug: 'mud-terrain' },
  HT: { name: 'Highway', slug: 'highway' },
  CM: { name: 'Commercial', slug: 'commercial' },
} as const;
export type CategoryCode = keyof typeof categoryDefs;

export interface BrandDef {
  name: string;
  code: string;
  /** Price level against an average brand. */
  tier: number;
  /** Suffix of the brand's run-flat variants, when it makes them. */
  runFlat?: string;
  lines: string;
}

// lines: "Name|CAT;Name|CAT…"
export const brandDefs: BrandDef[] = [
  {
    name: 'Michelin',
    code: 'MIC',
    tier: 1.35,
    runFlat: 'ZP',
    lines:
      'Defender 2|TR;Defender LTX M/S 2|HT;Pilot Sport 4S|PF;Pilot Sport All Season 4|AS;CrossClimate 2|AS;Primacy Tour A/S|TR;X-Ice Snow|WI;LTX A/T2|AT;Premier A/S|AS;Agilis CrossClimate|CM;Pilot Sport 5|PF;Energy Saver A/S|AS;Latitude Tour HP|HT',
  },
  {
    name: 'Bridgestone',
    code: 'BRI',
    tier: 1.3,
    runFlat: 'RFT',
    lines:
      'Turanza QuietTrack|TR;Potenza Sport|PF;Blizzak WS90|WI;Blizzak DM-V2|WI;Dueler A/T Revo 3|AT;Dueler H/L Alenza Plus|HT;Alenza A/S 02|HT;Ecopia EP422 Plus|AS;Potenza RE980AS+|AS;Duravis R250|CM;Weatherpeak|AS;Potenza S007|PF',
  },
  {
    name: 'Goodyear',
    code: 'GDY',
    tier: 1.25,
    runFlat: 'ROF',
    lines:
      'Assurance WeatherReady|AS;Assurance MaxLife|TR;Eagle F1 Asymmetric 6|PF;Eagle Sport All-Season|AS;Wrangler DuraTrac|AT;Wrangler Territory MT|MT;Wrangler Workhorse HT|HT;WinterCommand Ultra|WI;Endurance|CM;Assurance ComfortDrive|TR;Eagle Exhilarate|PF;Wrangler Boulder MT|MT',
  },
  {
    name: 'Continental',
    code: 'CON',
    tier: 1.28,
    runFlat: 'SSR',
    lines:
      'ExtremeContact DWS06 Plus|AS;PureContact LS|TR;TrueContact Tour|TR;ExtremeContact Sport 02|PF;VikingContact 7|WI;TerrainContact A/T|AT;CrossContact LX25|HT;VanContact A/S|CM;ProContact TX|TR;CrossContact ATR|AT',
  },
  {
    name: 'Pirelli',
    code: 'PIR',
    tier: 1.32,
    runFlat: 'Run Flat',
    lines:
      'P Zero|PF;P Zero All Season|AS;Cinturato P7 All Season Plus 3|TR;Scorpion Verde All Season Plus II|HT;Scorpion All Terrain Plus|AT;Ice Zero FR|WI;P Zero Corsa|PF;Scorpion Zero All Season|HT;Scorpion MS|AT;Cinturato WeatherActive|AS',
  },
  {
    name: 'Yokohama',
    code: 'YOK',
    tier: 1.1,
    lines:
      'Geolandar A/T G015|AT;Geolandar X-AT|MT;Avid Ascend GT|TR;Advan Sport A/S+|AS;Advan Apex V601|PF;iceGUARD iG53|WI;Geolandar H/T G056|HT;BluEarth-Es ES32|AS;Geolandar M/T G003|MT',
  },
  {
    name: 'Dunlop',
    code: 'DUN',
    tier: 1.1,
    runFlat: 'DSST',
    lines:
      'Grandtrek AT20|AT;Signature HP|PF;Direzza DZ102|PF;Winter Maxx 2|WI;Conquest Touring|TR;Grandtrek ST20|HT;SP Sport Maxx 050+|PF',
  },
  {
    name: 'Hankook',
    code: 'HAN',
    tier: 1.0,
    runFlat: 'HRS',
    lines:
      'Kinergy PT H737|TR;Ventus V2 Concept2|AS;Ventus S1 evo3|PF;Dynapro AT2|AT;Dynapro MT2|MT;Dynapro HT|HT;Winter i*cept X|WI;Vantra LT|CM;Kinergy XP|TR;Kinergy 4S2|AS',
  },
  {
    name: 'Toyo',
    code: 'TOY',
    tier: 1.08,
    lines:
      'Open Country A/T III|AT;Open Country M/T|MT;Open Country R/T Trail|AT;Proxes Sport|PF;Extensa A/S II|AS;Celsius|AS;Observe GSi-6|WI;Open Country Q/T|HT;Proxes R888R|PF;Open Country H/T II|HT',
  },
  {
    name: 'Cooper',
    code: 'COO',
    tier: 0.95,
    lines:
      'Discoverer AT3 4S|AT;Discoverer STT Pro|MT;Endeavor Plus|TR;CS5 Ultra Touring|TR;Zeon RS3-G1|PF;Evolution Winter|WI;Discoverer Road+Trail AT|AT;Cobra Instinct|PF;Discoverer EnduraMax|HT',
  },
  {
    name: 'BFGoodrich',
    code: 'BFG',
    tier: 1.15,
    lines:
      'All-Terrain T/A KO2|AT;Trail-Terrain T/A|AT;Mud-Terrain T/A KM3|MT;Advantage Control|TR;g-Force COMP-2 A/S Plus|AS;g-Force Rival S 1.5|PF;Commercial T/A All-Season 2|CM;Long Trail T/A Tour|HT',
  },
  {
    name: 'Falken',
    code: 'FAL',
    tier: 0.92,
    lines:
      'Wildpeak A/T3W|AT;Wildpeak M/T|MT;Azenis FK510|PF;Ziex ZE960 A/S|AS;Sincera SN250 A/S|TR;Eurowinter HS01|WI;Wildpeak H/T02|HT;Rubitrek A/T|AT',
  },
  {
    name: 'Kumho',
    code: 'KUM',
    tier: 0.88,
    lines:
      'Crugen HP71|HT;Ecsta PS71|PF;Solus TA11|TR;Road Venture AT52|AT;Road Venture MT71|MT;WinterCraft WP72|WI;Majesty 9 Solus TA91|TR;Portran KC53|CM',
  },
  {
    name: 'Nitto',
    code: 'NIT',
    tier: 1.12,
    lines:
      'Ridge Grappler|AT;Trail Grappler M/T|MT;Terra Grappler G2|AT;Recon Grappler A/T|AT;NT555 G2|PF;NT421Q|HT;Mud Grappler|MT;Nomad Grappler|HT',
  },
  {
    name: 'General',
    code: 'GEN',
    tier: 0.9,
    lines:
      'Grabber A/TX|AT;Grabber X3|MT;AltiMAX RT45|TR;G-MAX AS-07|AS;Grabber HTS60|HT;AltiMAX Arctic 12|WI;G-MAX RS|PF',
  },
  {
    name: 'Firestone',
    code: 'FIR',
    tier: 1.0,
    runFlat: 'RFT',
    lines:
      'Destination A/T2|AT;Destination LE3|HT;Firehawk Indy 500|PF;WeatherGrip|AS;All Season|AS;Champion Fuel Fighter|TR;Transforce HT2|CM;Winterforce 2|WI;Destination M/T2|MT',
  },
  {
    name: 'Nexen',
    code: 'NEX',
    tier: 0.82,
    lines:
      "N'Fera Primus|TR;Roadian ATX|AT;Roadian MTX|MT;N5000 Platinum|TR;N'Fera SU1|PF;WinGuard WinSpike 3|WI;Roadian HTX2|HT",
  },
  {
    name: 'Nokian',
    code: 'NOK',
    tier: 1.15,
    lines: 'Hakkapeliitta R5|WI;Hakkapeliitta 10|WI;WR G4|AS;Outpost AT|AT;One|TR;Rockproof|CM;Tangent|AS',
  },
  {
    name: 'Sumitomo',
    code: 'SUM',
    tier: 0.8,
    lines: 'HTR A/S P03|AS;Encounter AT|AT;Touring LS T|TR;HTR Z5|PF;Ice Edge|WI;Encounter HT2|HT',
  },
  {
    name: 'Uniroyal',
    code: 'UNI',
    tier: 0.85,
    lines:
      'Tiger Paw Touring A/S|TR;Tiger Paw AWP3|AS;Laredo Cross Country Tour|HT;Tiger Paw GTZ A/S|PF;Laredo Cross Country A/T|AT',
  },
  {
    name: 'Hercules',
    code: 'HER',
    tier: 0.82,
    lines:
      'Terra Trac AT X-Venture|AT;Roadtour 855 SPE|TR;Raptis R-T5|PF;Terra Trac MT|MT;Avalanche X-Treme|WI;Terra Trac CHT|HT',
  },
  {
    name: 'Kelly',
    code: 'KEL',
    tier: 0.8,
    lines: 'Edge A/S|AS;Edge Touring A/S|TR;Edge AT|AT;Edge HP|PF;Safari TSR|HT',
  },
  {
    name: 'Mastercraft',
    code: 'MAS',
    tier: 0.83,
    lines: 'Stratus AP|TR;Courser AXT2|AT;Courser MXT|MT;Avenger G/T|PF;Glacier Trex|WI;Courser HTR Plus|HT',
  },
  {
    name: 'Ironman',
    code: 'IRO',
    tier: 0.7,
    lines: 'iMove Gen3 AS|AS;All Country A/T2|AT;RB-12|TR;iMove Gen2 AS|AS;All Country HT|HT',
  },
  {
    name: 'Mickey Thompson',
    code: 'MTH',
    tier: 1.3,
    lines:
      'Baja Boss A/T|AT;Baja Legend MTZ|MT;Baja Legend EXP|AT;Deegan 38|AT;Street Comp|PF;Sportsman S/T Alpha|HT',
  },
  {
    name: 'Vredestein',
    code: 'VRE',
    tier: 1.05,
    lines: 'Quatrac Pro+|AS;Ultrac Pro|PF;Wintrac Pro|WI;Pinza HT|HT;Hitrac|TR',
  },
  {
    name: 'Kenda',
    code: 'KEN',
    tier: 0.75,
    lines: 'Klever A/T2|AT;Klever M/T2|MT;Kenetica Touring A/S|TR;Vezda UHP A/S|PF;Klever H/T2|HT',
  },
  {
    name: 'Atturo',
    code: 'ATT',
    tier: 0.85,
    lines: 'Trail Blade X/T|AT;Trail Blade M/T|MT;AZ850|HT;AZ800|PF;Trail Blade A/S|AS',
  },
  {
    name: 'Lexani',
    code: 'LEX',
    tier: 0.72,
    lines: 'LX-Thirty|PF;LX-Twenty|TR;Terrain Beast AT|AT;Mud Beast MT|MT;LXUHP-207|PF',
  },
  {
    name: 'GT Radial',
    code: 'GTR',
    tier: 0.78,
    lines:
      'Champiro Touring A/S|TR;Adventuro AT3|AT;Champiro UHP A/S|PF;Maxtour LX|TR;Adventuro HT|HT;Champiro WinterPro 2|WI',
  },
];

export interface LineDef {
  brand: number;
  name: string;
  category: CategoryCode;
  runFlat: boolean;
}

/** Every line of every brand; brands with run-flat technology add it to their road lines. */
export function lineDefs(): LineDef[] {
  const out: LineDef[] = [];
  brandDefs.forEach((b, brand) => {
    for (const entry of b.lines.split(';')) {
      const [name, category] = entry.split('|') as [string, CategoryCode];
      out.push({ brand, name, category, runFlat: false });
      if (b.runFlat && (category === 'PF' || category === 'TR')) {
        out.push({ brand, name: `${name} ${b.runFlat}`, category, runFlat: true });
      }
    }
  });
  return out;
}
