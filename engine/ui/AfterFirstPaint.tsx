import { startTransition, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { hasArrived, loadModule } from './lazyNamed';

type Loader = () => Promise<unknown>;

/** True once every module of `code` has arrived (asked for after the first paint). */
function useArrived(code: readonly Loader[]): boolean {
  const [arrived, setArrived] = useState(() => code.every(hasArrived));
  useEffect(() => {
    if (arrived) return;
    let live = true;
    // A chunk that fails still lets the children render: their lazy component then throws to the error boundary.
    const done = () => live && startTransition(() => setArrived(true));
    // Asked once the frame holding the header has been painted (a task after the next frame): the code's
    // evaluation, which can take 100 ms, must not come between the header's render and its paint.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => live && Promise.all(code.map((load) => loadModule(load))).then(done, done));
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
    // The list is fixed for a mounted component (module loaders).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return arrived;
}

/**
 * Its children render in a second render, after what surrounds them has painted: the first shows
 * `fallback` (nothing by default). The second render is a transition, which React interrupts to
 * let the browser paint and answer input. For a page whose heavy parts (forms, grids) would
 * otherwise hold the paint of its header, its largest text, and block the page in one long task.
 * `code`: modules (lazy loaders) the children need, loaded only after the first paint; the children
 * wait for all of them and come in one piece, so no part of them moves another when its code arrives.
 */
export function AfterFirstPaint({ children, fallback = null, code = [] }: { children: ReactNode; fallback?: ReactNode; code?: readonly Loader[] }) {
  const painted = useDeferredValue(true, false);
  const arrived = useArrived(code);
  return painted && arrived ? children : fallback;
}
