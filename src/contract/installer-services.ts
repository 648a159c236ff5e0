// An installer location's service price list (docs/installer.md, "Service price list"): the
// installer reads and replaces its own location's, an admin any location's, and buyers read the
// published list of the installer their tires go to, for the out-the-door price.
import { z } from 'zod';
import { OptionalId } from './admin-common';
import { endpoint, Id, IsoDate } from './common';

/** A price per tire: whole cents, at most $10,000. */
const ServiceCents = z
  .number()
  .int('Enter whole cents')
  .min(0, 'Enter 0 or more')
  .max(1_000_000, 'Enter at most $10,000.00');

/** A rim end in whole inches; null leaves that end open ("up to", "and up"). */
const RimEnd = z
  .number()
  .int('Enter whole inches')
  .min(10, 'Enter 10" or more')
  .max(30, 'Enter 30" or less')
  .nullable();

export const MountBalanceRow = z.object({
  fromInches: RimEnd,
  toInches: RimEnd,
  mountBalanceCents: ServiceCents,
});
export type MountBalanceRow = z.infer<typeof MountBalanceRow>;

export const ServiceListInput = z.object({
  /** An admin names the installer location; an installer edits its current location's. */
  installerLocationId: Id.optional(),
  /** Mount and balance per tire by rim range; together the rows cover every rim once. */
  mountBalance: z.array(MountBalanceRow).min(1, 'Add at least one rim range').max(20),
  /** Valve stem or TPMS service kit, per tire. */
  valveKitCents: ServiceCents,
  /** Disposal of the old tire, per tire. */
  disposalCents: ServiceCents,
});
export type ServiceListInput = z.input<typeof ServiceListInput>;

export const ServiceList = z.object({
  installerLocationId: z.number().int(),
  installerLocationName: z.string(),
  mountBalance: z.array(MountBalanceRow),
  valveKitCents: z.number().int(),
  disposalCents: z.number().int(),
  updatedAt: IsoDate,
});
export type ServiceList = z.infer<typeof ServiceList>;

/** The list, or null while the location has published none. */
const ServiceListAnswer = z.object({ data: ServiceList.nullable() });

export const readInstallerServices = endpoint({
  method: 'GET',
  path: '/api/installer/services',
  access: 'installer',
  summary:
    'The service price list of the current installer location (an admin names ?installerLocationId=); null when it has none',
  query: z.object({ installerLocationId: OptionalId }),
  response: ServiceListAnswer,
});

export const replaceInstallerServices = endpoint({
  method: 'PUT',
  path: '/api/installer/services',
  access: 'installer',
  summary:
    'Publish or replace the whole service price list of the current installer location (an admin names the location)',
  body: ServiceListInput,
  response: z.object({ data: ServiceList }),
});

export const publishedInstallerServices = endpoint({
  method: 'GET',
  path: '/api/installer/services/published',
  access: 'shop',
  summary:
    "An installer location's published service prices per tire, for the out-the-door price; null when none",
  query: z.object({ installerLocationId: Id }),
  response: ServiceListAnswer,
});
