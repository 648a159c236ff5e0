// Inventory feed runs: one upload of a warehouse's stock file, from start to its outcome.
import { assertTransition, type TransitionTable } from './status-machine';

export const feedRunStatuses = ['running', 'applied', 'failed'] as const;
export type FeedRunStatus = (typeof feedRunStatuses)[number];

/** A run ends once: its rows applied in one transaction, or failed with the reason. */
export const feedRunTransitions: TransitionTable<FeedRunStatus> = {
  running: ['applied', 'failed'],
  applied: [],
  failed: [],
};

export function assertFeedRunTransition(from: FeedRunStatus, to: FeedRunStatus): void {
  assertTransition('feed run', feedRunTransitions, from, to);
}

/** Whether a feed run is still being applied. */
export const isFeedRunning = (status: string) => status === 'running';
