// ZIP-rate imports: one uploaded rate file, from its first check to its outcome.
import { assertTransition, type TransitionTable } from './status-machine';

export const taxImportStatuses = ['rejected', 'importing', 'done', 'failed'] as const;
export type TaxImportStatus = (typeof taxImportStatuses)[number];

/**
 * A file with a bad line is recorded as rejected (nothing imported); a good one is importing
 * until its one transaction commits (done) or fails (failed). Each outcome is final.
 */
export const taxImportTransitions: TransitionTable<TaxImportStatus> = {
  rejected: [],
  importing: ['done', 'failed'],
  done: [],
  failed: [],
};

/** The statuses a run is recorded with: a good file starts importing, a bad one is rejected at once. */
export const taxImportFirstStatuses: readonly TaxImportStatus[] = ['importing', 'rejected'];

export function assertTaxImportTransition(from: TaxImportStatus, to: TaxImportStatus): void {
  assertTransition('tax import', taxImportTransitions, from, to);
}

/** Whether a run is still importing its file (its transaction has not ended). */
export const isImporting = (status: string) => status === 'importing';

/** Whether a run's file was refused for its bad lines (nothing of it was imported). */
export const isRejectedImport = (status: string) => status === 'rejected';

/** Whether a run's import failed after its file was accepted (nothing of it was imported). */
export const isFailedImport = (status: string) => status === 'failed';
