// Pushing a generation job's progress (docs/quotes.md, "Generating options"): the runner announces
// every change of a job here, and each open event stream of that job sends it on at once.
import { EventEmitter } from 'node:events';

const events = new EventEmitter();
events.setMaxListeners(0);

/** Tells the streams of a job that it changed (progress, end, cancel, time-out). */
export function jobChanged(jobId: number) {
  events.emit(`job:${jobId}`);
}

/** Calls `listener` whenever the job changes; answers the unsubscribe. */
export function onJobChange(jobId: number, listener: () => void): () => void {
  events.on(`job:${jobId}`, listener);
  return () => events.off(`job:${jobId}`, listener);
}
