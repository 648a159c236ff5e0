import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientTimeout } from './generation-timeout';

describe('the client side of the generation time-out', () => {
  afterEach(() => vi.useRealTimers());
  it('gives up at exactly 600,000 ms with the message', () => {
    vi.useFakeTimers();
    const started = Date.now();
    vi.advanceTimersByTime(599_999);
    expect(clientTimeout(started, Date.now())).toBeNull();
    vi.advanceTimersByTime(1);
    expect(clientTimeout(started, Date.now())).toBe('Quote generation timed out after 600 seconds');
  });
});
