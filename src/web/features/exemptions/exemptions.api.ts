import * as exemptions from '../../../contract/exemptions';
import { api, type QueryOf } from '../../api/api';
import { byId, contractMutation, contractQuery } from '../../api/endpoints';

const list = { type: 'Exemption', id: 'LIST' } as const;

/** The fields of the upload form, beside the chosen file. */
export interface UploadArgs {
  state: string;
  kind: string;
  number: string;
  expiresOn: string;
  /** '' for every location of the company. */
  locationId: string;
  file: File;
}

/** Exemption certificates: the company's list and upload, finance's queue and decisions. */
export const exemptionsApi = api.injectEndpoints({
  endpoints: (b) => ({
    certificates: contractQuery(b, exemptions.listCertificates, {
      // biome-ignore lint/suspicious/noConfusingVoidType: the hook takes no argument (RTK Query's void)
      input: (_: void) => ({}),
      transform: (r) => r.data.list,
      provides: [list],
    }),
    uploadCertificate: contractMutation(b, exemptions.uploadCertificate, {
      input: ({ file, ...fields }: UploadArgs) => {
        const form = new FormData();
        for (const [k, v] of Object.entries(fields)) form.append(k, v);
        // The file last: the server reads the fields before the bytes.
        form.append('file', file);
        return { body: form };
      },
      transform: (r) => r.data,
      invalidates: [list],
    }),
    certificateQueue: contractQuery(b, exemptions.reviewCertificates, {
      input: (query: QueryOf<typeof exemptions.reviewCertificates>) => ({ query }),
      transform: (r) => r.data.list,
      provides: [list],
    }),
    verifyCertificate: contractMutation(b, exemptions.verifyCertificate, {
      input: byId,
      transform: (r) => r.data,
      invalidates: [list],
    }),
    rejectCertificate: contractMutation(b, exemptions.rejectCertificate, {
      input: ({ id, reason }: { id: number; reason: string }) => ({ params: { id }, body: { reason } }),
      transform: (r) => r.data,
      invalidates: [list],
    }),
  }),
});

export const {
  useCertificatesQuery,
  useUploadCertificateMutation,
  useCertificateQueueQuery,
  useVerifyCertificateMutation,
  useRejectCertificateMutation,
} = exemptionsApi;
