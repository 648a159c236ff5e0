import * as audit from '../../../contract/audit';
import { api } from '../../api/api';
import { listQuery } from '../../api/crud';

// Read only: every console write invalidates the audit log (api/crud.ts), and the writes that
// send mail the outbox.
export const auditApi = api.injectEndpoints({
  endpoints: (b) => ({
    listAudit: listQuery(b, audit.listAudit, 'Audit', (r) => r.id),
    listOutbox: listQuery(b, audit.listOutbox, 'Outbox', (r) => r.id),
  }),
});

export const { useListAuditQuery } = auditApi;
