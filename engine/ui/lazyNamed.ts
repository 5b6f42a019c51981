import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type AnyComponent = ComponentType<any>;

/** React.lazy for a named export; components of one module share its chunk. */
export function lazyNamed<M extends Record<K, AnyComponent>, K extends keyof M>(load: () => Promise<M>, name: K): LazyExoticComponent<M[K]> {
  return lazy(async () => ({ default: (await load())[name] }));
}
