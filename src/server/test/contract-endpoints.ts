import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Endpoint } from '../../contract/common';

// Every endpoint of EVERY contract (src/contract/*.ts, collected from the folder, so an area
// added later is covered by the tests that walk this list without touching them).

const contractDir = fileURLToPath(new URL('../../contract/', import.meta.url));
const areas = await Promise.all(
  readdirSync(contractDir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => import(`${contractDir}${f}`) as Promise<Record<string, unknown>>),
);

export const contractEndpoints: Endpoint[] = [
  ...new Set(
    areas
      .flatMap((area) => Object.values(area))
      .filter((v): v is Endpoint => typeof v === 'object' && v !== null && 'method' in v && 'access' in v),
  ),
];
