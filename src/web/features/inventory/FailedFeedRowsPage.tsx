import { CrudPage } from '../../components/CrudPage';
import { dateTime } from '../../lib/format';
import { inventoryApi } from './inventory.api';

const { listFailedRows } = inventoryApi.endpoints;

/** /admin/failed-rows: every refused feed row of every warehouse, with its line and reason. */
export function FailedFeedRowsPage() {
  return (
    <CrudPage
      config={{
        title: 'Failed feed rows',
        noun: 'Failed row',
        noHistory: true,
        entity: 'feed_failure',
        list: listFailedRows,
        idOf: (r) => r.id,
        columns: [
          { id: 'warehouse', header: 'Warehouse', cell: (r) => r.warehouseCode },
          { id: 'file', header: 'File', cell: (r) => r.filename },
          { id: 'line', header: 'Line', cell: (r) => r.line, sortKey: 'line' },
          { id: 'reason', header: 'Reason', cell: (r) => r.reason },
          { id: 'raw', header: 'Row', cell: (r) => r.raw },
          { id: 'when', header: 'When', cell: (r) => dateTime(r.createdAt), sortKey: 'createdAt' },
        ],
        fields: [],
        emptyText: 'No refused feed rows.',
      }}
    />
  );
}
