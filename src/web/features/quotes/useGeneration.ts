import { useEffect, useRef, useState } from 'react';
import { type QuoteJob, jobEvents } from '../../../contract/quotes';
import { isJobDone, isJobRunning, QUOTE_GENERATION_TIMEOUT_MS } from '../../../domain/quote-status';
import { clientTimeout } from './generation-timeout';
import { useCancelJobMutation, useGenerateOptionsMutation } from './quotes.api';

/**
 * Starts option generation and follows its job (n of m lines) as the server pushes it
 * (server-sent events) until it ends; cancel stops it. The client stops waiting 600 s after the
 * start with the spec's message, and cancels the job.
 */
export function useGeneration(quoteId: number, onDone: () => void) {
  const [generate] = useGenerateOptionsMutation();
  const [cancelJob] = useCancelJobMutation();
  const [job, setJob] = useState<QuoteJob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const stream = useRef<EventSource | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const close = () => {
    stream.current?.close();
    stream.current = null;
    clearTimeout(timer.current);
  };
  useEffect(
    () => () => {
      stream.current?.close();
      clearTimeout(timer.current);
    },
    [],
  );

  const follow = (first: QuoteJob, startedAt: number) => {
    close();
    setJob(first);
    const giveUp = () => {
      const late = clientTimeout(startedAt, Date.now());
      if (!late) return false;
      close();
      setError(late);
      void cancelJob(first.id);
      return true;
    };
    timer.current = setTimeout(giveUp, Math.max(0, startedAt + QUOTE_GENERATION_TIMEOUT_MS - Date.now()));
    const source = new EventSource(jobEvents.path.replace(':id', String(first.id)));
    stream.current = source;
    source.addEventListener('progress', (event) => {
      const current = JSON.parse((event as MessageEvent<string>).data) as QuoteJob;
      setJob(current);
      if (isJobRunning(current.status)) {
        giveUp();
        return;
      }
      close();
      if (isJobDone(current.status)) onDone();
      else setError(current.message ?? `Generation ${current.status}`);
    });
    // The stream closes after the last event; a drop while running is retried by the browser.
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) setError('Progress could not be followed');
    };
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
    close();
    if (!job) return;
    const result = await cancelJob(job.id);
    if ('data' in result && result.data) setJob(result.data.data);
    setError('Generation cancelled; the quote is as it was');
  };

  return { job, error, start, cancel, running: isJobRunning(job?.status) };
}
