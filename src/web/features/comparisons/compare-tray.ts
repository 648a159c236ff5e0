import { useSyncExternalStore } from 'react';
import { MAX_COMPARED } from '../../../domain/comparisons';

// The tires ticked for comparison on the results page: kept for the browser tab (sessionStorage),
// so they survive "more results", a new search and a reload.

const KEY = 'tread.compare';
const listeners = new Set<() => void>();
let ticked: number[] = read();

function read(): number[] {
  try {
    const v = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((n) => Number.isInteger(n)).slice(0, MAX_COMPARED) : [];
  } catch {
    return [];
  }
}

function write(next: number[]) {
  ticked = next;
  sessionStorage.setItem(KEY, JSON.stringify(next));
  for (const l of listeners) l();
}

export function useTicked(): number[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => ticked,
  );
}

/** Ticks or unticks a tire; a fifth is refused (answers false). */
export function toggleTicked(productId: number): boolean {
  if (ticked.includes(productId)) write(ticked.filter((id) => id !== productId));
  else if (ticked.length >= MAX_COMPARED) return false;
  else write([...ticked, productId]);
  return true;
}

export const clearTicked = () => write([]);
