// The installer area: orders delivered to an installer's bay (the installer's and the staff's
// view) and the installer locations (docs/installer.md).
import { z } from 'zod';
import { installerOrderStatuses } from '../domain/installer-status';
import { ListQuery, OptionalId, Required, Text, Zip } from './admin-common';
import { Cents, endpoint, Id, IsoDate, pageOf } from './common';
import { AdminLocation } from './companies';

export const InstallerOrderStatus = z.enum(installerOrderStatuses);

export const InstallerOrderTire = z.object({
  orderItemId: z.number().int(),
  skuCode: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  delivered: z.number().int(),
});

export const InstallerOrderLogEntry = z.object({
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  note: z.string().nullable(),
  by: z.string().nullable(),
  at: IsoDate,
});

export const InstallerOrder = z.object({
  orderId: z.number().int(),
  orderNumber: z.string(),
  orderStatus: z.string(),
  placedAt: IsoDate.nullable(),
  installerLocationId: z.number().int(),
  installerLocationName: z.string(),
  status: InstallerOrderStatus,
  /** The statuses the caller may move this order to next. */
  next: z.array(InstallerOrderStatus),
  appointmentAt: IsoDate.nullable(),
  receivedAt: IsoDate.nullable(),
  mountedAt: IsoDate.nullable(),
  labourCents: Cents,
  vehicle: z.string().nullable(),
  note: z.string().nullable(),
  customer: z.object({
    companyName: z.string(),
    locationName: z.string().nullable(),
    contactName: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    poNumber: z.string().nullable(),
  }),
  tires: z.array(InstallerOrderTire),
  /** not_shipped | partially_shipped | shipped | partially_delivered | delivered */
  shipment: z.object({
    state: z.string(),
    unitsOrdered: z.number().int(),
    unitsDelivered: z.number().int(),
  }),
  log: z.array(InstallerOrderLogEntry),
});
export type InstallerOrder = z.infer<typeof InstallerOrder>;

export const InstallerOrderQuery = ListQuery.extend({
  status: InstallerOrderStatus.optional(),
  orderId: OptionalId,
});

export const InstallerOrderChange = z.object({
  orderId: Id,
  status: InstallerOrderStatus.optional(),
  /** The bay appointment; null clears it. */
  appointmentAt: z.iso.datetime({ offset: true }).nullable().optional(),
  vehicle: Text(120).nullable().optional(),
  /** Mounting labour for the bill run, recorded with or after the mount. */
  labourCents: z.number().int().min(0).max(1_000_000).optional(),
  note: Text(500).optional(),
});
export type InstallerOrderChange = z.infer<typeof InstallerOrderChange>;

const InstallerOrderAnswer = z.object({ data: InstallerOrder });

export const listInstallerOrders = endpoint({
  method: 'GET',
  path: '/api/installer/order',
  access: 'installer',
  summary:
    "Orders delivered to the current installer location (?orderId= for one; 404 when it is not this bay's)",
  query: InstallerOrderQuery,
  response: pageOf(InstallerOrder),
});

export const updateInstallerOrder = endpoint({
  method: 'PUT',
  path: '/api/installer/order',
  access: 'installer',
  summary: 'Set the appointment, mark tires received or mounted, record the mounting labour',
  body: InstallerOrderChange,
  response: InstallerOrderAnswer,
});

export const listStaffInstallerOrders = endpoint({
  method: 'GET',
  path: '/api/v1/mts/installer/order',
  access: 'staff',
  summary: 'Orders delivered to installers, every installer location (?installerLocationId= for one)',
  query: InstallerOrderQuery.extend({ installerLocationId: OptionalId }),
  response: pageOf(InstallerOrder),
});

export const correctInstallerOrder = endpoint({
  method: 'PUT',
  path: '/api/v1/mts/installer/order',
  access: 'support',
  summary: 'Correct an installer order: any field, and a mistaken mount or cancellation undone',
  body: InstallerOrderChange,
  response: InstallerOrderAnswer,
});

/** A location as the console shows it, without the supplier and price settings. */
export const VendorInstallerLocation = AdminLocation.pick({
  locationId: true,
  companyId: true,
  companyName: true,
  locationName: true,
  locationAddress: true,
  locationCity: true,
  locationState: true,
  locationZip: true,
  locationPhone: true,
  active: true,
});
export type VendorInstallerLocation = z.infer<typeof VendorInstallerLocation>;

export const InstallerLocationInput = z.object({
  /** Staff name the installer company; an installer registers for its own. */
  companyId: Id.optional(),
  locationName: Required('a location name'),
  locationAddress: Required('a street address'),
  locationCity: Required('a city', 100),
  locationState: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Enter a 2-letter state'),
  locationZip: Zip,
  locationPhone: Text(40).nullable().default(null),
});
export type InstallerLocationInput = z.input<typeof InstallerLocationInput>;

export const listVendorInstallerLocations = endpoint({
  method: 'GET',
  path: '/api/v1/vendor/installer/locations',
  access: 'installerLocations',
  summary: "Installer locations: an installer its company's, staff every one",
  query: ListQuery,
  response: pageOf(VendorInstallerLocation),
});

export const registerInstallerLocation = endpoint({
  method: 'POST',
  path: '/api/v1/vendor/installer/locations',
  access: 'installerLocations',
  summary: 'Register an installer location; the address is checked against the ZIP (city and state)',
  body: InstallerLocationInput,
  response: z.object({ data: VendorInstallerLocation }),
  status: 201,
});
