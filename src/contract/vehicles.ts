import { z } from 'zod';
import { endpoint } from './common';

// The vehicle fitment import of the back office's catalogue area: a CSV of OE fitments
// applied to the catalogue's vehicle tables that feed the sizing chain.

/** Required columns; `rear`, `load`, `speed`, `rear_load` and `rear_speed` are optional. */
export const vehicleImportColumns = ['year', 'make', 'model', 'option', 'front'] as const;
export const vehicleImportOptionalColumns = ['rear', 'load', 'speed', 'rear_load', 'rear_speed'] as const;

export const VehicleImportBadRow = z.object({
  line: z.number().int(),
  raw: z.string(),
  reason: z.string(),
});

export const VehicleImportResult = z.object({
  filename: z.string(),
  /** Data lines read (blank lines aside). */
  processedRows: z.number().int(),
  goodRows: z.number().int(),
  badRows: z.number().int(),
  vehiclesCreated: z.number().int(),
  fitmentsCreated: z.number().int(),
  /** Good rows whose fitment was already there (a re-import changes nothing). */
  unchangedRows: z.number().int(),
  /** The first 1,000 bad rows, with line and reason. */
  bad: z.array(VehicleImportBadRow),
});
export type VehicleImportResult = z.infer<typeof VehicleImportResult>;

export const importVehicles = endpoint({
  method: 'POST',
  path: '/api/v1/vehicle/import',
  access: 'admin',
  summary:
    'Import vehicle OE fitments from CSV (multipart field `file`; columns year,make,model,option,front and optional rear,load,speed,rear_load,rear_speed)',
  response: z.object({ data: VehicleImportResult }),
  status: 201,
});
