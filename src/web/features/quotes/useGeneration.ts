import { useEffect, useRef, useState } from 'react';
import type { QuoteJob } from '../../../contract/quotes';
import { clientTimeout } from './generation-timeout';
import { useCancelJobMutation, useGenerateOptionsMutation, useLazyJobQuery } from './quotes.api';

const POLL_MS = 400;

/**
 * Starts option generation and follows its job (n of m lines) until it ends; cancel stops it.
 * The client stops waiting 600 s after the start with the spec's message, and cancels the job.
 */
export function useGeneration(quoteId: number, onDone: () => void) {
  const [generate] = useGenerateOptionsMutation();
  const [readJob] = useLazyJobQuery();
  const [cancelJob] = useCancelJobMutation();
  const [job, setJob] = useState<QuoteJob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const follow = (current: QuoteJob, startedAt: number) => {
    setJob(current);
    if (current.status !== 'running') {
      if (current.status === 'done') onDone();
      else setError(current.message ?? `Generation ${current.status}`);
      return;
    }
    const late = clientTimeout(startedAt, Date.now());
    if (late) {
      setError(late);
      void cancelJob(current.id);
      return;
    }
    timer.current = setTimeout(async () => {
      const next = await readJob(current.id);
      if (next.data) follow(next.data.data, startedAt);
      else setError('Progress could not be read');
    }, POLL_MS);
  };

  const start = async () => {
    setError(null);
    const result = await generate(quoteId);
    if ('error' in result) {
      const e = result.error as { message?: string };
      setError(e.message ?? 'Generation could not start');
      return;
    }
    follow(result.data.data, Date.now());
  };

  const cancel = async () => {
    clearTimeout(timer.current);
    if (!job) return;
    const result = await cancelJob(job.id);
    if ('data' in result && result.data) setJob(result.data.data);
    setError('Generation cancelled; the quote is as it was');
  };

  return { job, error, start, cancel, running: job?.status === 'running' };
}
