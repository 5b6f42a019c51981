import type { ComponentType } from 'react';
import { LoaderSuspense } from '../ui/LoaderSuspense';
import { lazyNamed } from '../ui/lazyNamed';
import type { PanelProps } from './panels';

/**
 * A panel kind whose code loads with the first panel of its kind on screen rather than with every
 * record page: the grids (AG Grid, about 200 kB compressed) no longer hold back a page's title and form,
 * which paint while the grid's code is on its way (a loader stands in its place).
 */
export function lazyPanel<M extends Record<K, ComponentType<PanelProps>>, K extends keyof M>(load: () => Promise<M>, name: K): ComponentType<PanelProps> {
  const Panel = lazyNamed(load, name) as ComponentType<PanelProps>;
  function LazyPanel(props: PanelProps) {
    return (
      <LoaderSuspense minHeight={160}>
        <Panel {...props} />
      </LoaderSuspense>
    );
  }
  LazyPanel.displayName = `LazyPanel(${String(name)})`;
  return LazyPanel;
}
