import type { KeyboardEvent } from 'react';
import { Rectangle, type BarShapeProps } from 'recharts';
import classes from './PickableBar.module.css';

/** The ring's distance from the bar, in pixels. */
const GAP = 3;

/**
 * One bar of a chart with a click-through, reachable by the keyboard: a link (Tab reaches it,
 * Enter or Space opens it) named by what it opens, with a visible ring while it has the focus.
 * A bar without height (a month without figures) opens nothing and stays a plain drawing.
 */
export function PickableBar({ shape, name, onPick }: { shape: BarShapeProps; name: string | null; onPick: () => void }) {
  const { x, y, width, height } = shape;
  if (!name || !height) return <Rectangle {...shape} />;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onPick();
  };
  return (
    <g role="link" tabIndex={0} aria-label={name} className={classes.bar} onKeyDown={onKeyDown}>
      <Rectangle {...shape} />
      <rect className={classes.ring} x={x - GAP} y={Math.min(y, y + height) - GAP} width={width + 2 * GAP} height={Math.abs(height) + 2 * GAP} rx={3} />
    </g>
  );
}
