import { useDeferredValue, type ReactNode } from 'react';

/**
 * Its children render in a second render, after what surrounds them has painted: the first shows
 * `fallback` (nothing by default). The second render is a transition, which React interrupts to
 * let the browser paint and answer input. For a page whose heavy parts (forms, grids) would
 * otherwise hold the paint of its header, its largest text, and block the page in one long task.
 */
export function AfterFirstPaint({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : fallback;
}
