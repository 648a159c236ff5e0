// The standard tire load-index table (ISO 4000 / ETRTO, the same as the TRA's): the load index of a
// service description ("121/118S" → 121) names the tire's maximum load at its rated pressure. The
// federal excise tax is charged on that load in pounds (excise-tax.ts), so the table is here, once.

/**
 * Maximum load in kilograms of load indexes 0–279, ten a row. The values below 100 kg keep the one
 * decimal the standard prints (46.2 kg); every other value is whole kilograms.
 */
// biome-ignore format: the table reads ten load indexes a row, as published
const LOAD_KG: readonly number[] = [
  45, 46.2, 47.5, 48.7, 50, 51.5, 53, 54.5, 56, 58, // 0–9
  60, 61.5, 63, 65, 67, 69, 71, 73, 75, 77.5, // 10–19
  80, 82.5, 85, 87.5, 90, 92.5, 95, 97.5, 100, 103, // 20–29
  106, 109, 112, 115, 118, 121, 125, 128, 132, 136, // 30–39
  140, 145, 150, 155, 160, 165, 170, 175, 180, 185, // 40–49
  190, 195, 200, 206, 212, 218, 224, 230, 236, 243, // 50–59
  250, 257, 265, 272, 280, 290, 300, 307, 315, 325, // 60–69
  335, 345, 355, 365, 375, 387, 400, 412, 425, 437, // 70–79
  450, 462, 475, 487, 500, 515, 530, 545, 560, 580, // 80–89
  600, 615, 630, 650, 670, 690, 710, 730, 750, 775, // 90–99
  800, 825, 850, 875, 900, 925, 950, 975, 1000, 1030, // 100–109
  1060, 1090, 1120, 1150, 1180, 1215, 1250, 1285, 1320, 1360, // 110–119
  1400, 1450, 1500, 1550, 1600, 1650, 1700, 1750, 1800, 1850, // 120–129
  1900, 1950, 2000, 2060, 2120, 2180, 2240, 2300, 2360, 2430, // 130–139
  2500, 2575, 2650, 2725, 2800, 2900, 3000, 3075, 3150, 3250, // 140–149
  3350, 3450, 3550, 3650, 3750, 3875, 4000, 4125, 4250, 4375, // 150–159
  4500, 4625, 4750, 4875, 5000, 5150, 5300, 5450, 5600, 5800, // 160–169
  6000, 6150, 6300, 6500, 6700, 6900, 7100, 7300, 7500, 7750, // 170–179
  8000, 8250, 8500, 8750, 9000, 9250, 9500, 9750, 10000, 10300, // 180–189
  10600, 10900, 11200, 11500, 11800, 12150, 12500, 12850, 13200, 13600, // 190–199
  14000, 14500, 15000, 15500, 16000, 16500, 17000, 17500, 18000, 18500, // 200–209
  19000, 19500, 20000, 20600, 21200, 21800, 22400, 23000, 23600, 24300, // 210–219
  25000, 25750, 26500, 27250, 28000, 29000, 30000, 30750, 31500, 32500, // 220–229
  33500, 34500, 35500, 36500, 37500, 38750, 40000, 41250, 42500, 43750, // 230–239
  45000, 46250, 47500, 48750, 50000, 51500, 53000, 54500, 56000, 58000, // 240–249
  60000, 61500, 63000, 65000, 67000, 69000, 71000, 73000, 75000, 77500, // 250–259
  80000, 82500, 85000, 87500, 90000, 92500, 95000, 97500, 100000, 103000, // 260–269
  106000, 109000, 112000, 115000, 118000, 121500, 125000, 128500, 132000, 136000, // 270–279
];

export const MAX_LOAD_INDEX = LOAD_KG.length - 1;

/** The maximum load of a load index in kilograms; null outside the table. */
export function loadCapacityKg(loadIndex: number): number | null {
  if (!Number.isInteger(loadIndex) || loadIndex < 0 || loadIndex > MAX_LOAD_INDEX) return null;
  return LOAD_KG[loadIndex] ?? null;
}

/** A pound is 0.45359237 kg exactly, so tenths of a kilogram × 10^7 / 45 359 237 are pounds. */
const TENTHS_KG_PER_LB_SCALED = 45_359_237;
const SCALE = 10_000_000;

/**
 * The maximum load of a load index in whole pounds, rounded half up (LI 91 = 615 kg = 1,356 lb),
 * computed in integers so that no binary fraction decides a rounding; null outside the table.
 */
export function loadCapacityLbs(loadIndex: number): number | null {
  const kg = loadCapacityKg(loadIndex);
  if (kg === null) return null;
  const tenths = Math.round(kg * 10);
  return Math.floor((2 * tenths * SCALE + TENTHS_KG_PER_LB_SCALED) / (2 * TENTHS_KG_PER_LB_SCALED));
}
