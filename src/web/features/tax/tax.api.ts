import * as tax from '../../../contract/tax';
import { api } from '../../api/api';
import { contractMutation, contractQuery } from '../../api/endpoints';

// Finance's tax data. One tag: every addition (a rate, taxability, a fee, an import) can change
// what every list and the terms show, and the lists are small.
const provides = ['TaxData'] as const;

export const taxApi = api.injectEndpoints({
  endpoints: (b) => ({
    stateRates: contractQuery(b, tax.listStateRates, { transform: (r) => r.data, provides }),
    taxability: contractQuery(b, tax.listTaxability, { transform: (r) => r.data, provides }),
    tireFees: contractQuery(b, tax.listTireFees, { transform: (r) => r.data, provides }),
    zipRates: contractQuery(b, tax.listZipRates, { transform: (r) => r.data, provides }),
    taxImports: contractQuery(b, tax.listImports, { transform: (r) => r.data, provides }),
    taxImport: contractQuery(b, tax.getImport, {
      input: (id: number) => ({ params: { id } }),
      transform: (r) => r.data,
    }),
    taxCollected: contractQuery(b, tax.taxCollected, { transform: (r) => r.data, provides }),
    addStateRate: contractMutation(b, tax.addStateRate, { transform: (r) => r.data, invalidates: provides }),
    addTaxability: contractMutation(b, tax.addTaxability, {
      transform: (r) => r.data,
      invalidates: provides,
    }),
    addTireFee: contractMutation(b, tax.addTireFee, { transform: (r) => r.data, invalidates: provides }),
  }),
});

export const {
  useStateRatesQuery,
  useTaxabilityQuery,
  useTireFeesQuery,
  useZipRatesQuery,
  useTaxImportsQuery,
  useTaxImportQuery,
  useTaxCollectedQuery,
  useAddStateRateMutation,
  useAddTaxabilityMutation,
  useAddTireFeeMutation,
} = taxApi;

/** After an import (sent around RTK Query as a multipart upload): read the lists again. */
export const taxDataChanged = () => api.util.invalidateTags([...provides]);

/** Parts per million as a percent with up to four decimals: 82 500 → "8.25 %". */
export const ppmPercent = (ppm: number) => `${Number((ppm / 10_000).toFixed(4))} %`;

/** A percent typed by a person ("8.25") as parts per million, or null when it is no number. */
export function percentToPpm(text: string): number | null {
  const m = /^\s*(\d{1,3})(?:\.(\d{0,4}))?\s*%?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 10_000 + Number((m[2] ?? '').padEnd(4, '0'));
}
