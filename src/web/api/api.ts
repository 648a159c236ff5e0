import { type BaseQueryFn, createApi } from '@reduxjs/toolkit/query/react';
import type { z } from 'zod';
import type { Endpoint } from '../../contract/common';
import { apiLoaded } from './api-loaded';
import { type ApiProblem, type CallInput, call, problemOf } from './client';

export interface ApiArgs extends CallInput {
  endpoint: Endpoint;
}

/** The error of every RTK Query call: the same typed problem the slice thunks reject with. */
export type ApiFailure = ApiProblem;

/** What a contract endpoint answers, and what its query string and body take. */
export type Out<E extends Endpoint> = z.output<E['response']>;
export type QueryOf<E extends Endpoint> = z.input<NonNullable<E['query']>>;
export type BodyOf<E extends Endpoint> = z.input<NonNullable<E['body']>>;

const baseQuery: BaseQueryFn<ApiArgs, unknown, ApiFailure> = async ({ endpoint, ...input }) => {
  try {
    return { data: await call(endpoint, input) };
  } catch (error) {
    return { error: problemOf(error) };
  }
};

/**
 * Cache tags, one per kind of record: `{ type, id }` for one record and `{ type, id: 'LIST' }`
 * for every list (and total) it shows in.
 */
const tagTypes = [
  'Order',
  'Payment',
  'Audit',
  'Outbox',
  'Company',
  'Location',
  'User',
  'UserToken',
  'Group',
  'PriceGroup',
  'Markup',
  'Pricing',
  'Discount',
  'CompPlan',
  'CompRecord',
  'WholesaleApplication',
  'Supplier',
  'Warehouse',
  'FeedRun',
  'FeedFailure',
  'Inventory',
  'Make',
  'Category',
  'Model',
  'Product',
  'Fulfillment',
  'Shipment',
  'Quote',
  'Review',
  'Comparison',
  'ContactMessage',
  'AfterSales',
  'InstallerOrder',
  'InstallerServices',
  'TaxData',
  'Exemption',
  'Webhook',
  'Approval',
  'FleetUnit',
] as const;
export type ApiTag = (typeof tagTypes)[number];

/** The one API of the web app: each feature injects its endpoints (features/<area>/<area>.api.ts). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes,
  endpoints: () => ({}),
});
apiLoaded(api);
