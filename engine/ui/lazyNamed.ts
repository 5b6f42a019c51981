import { createElement, lazy, useState, type ComponentProps, type ComponentType } from 'react';

type AnyComponent = ComponentType<any>;

/** Modules already arrived, by their loader: their components render at once. */
const arrived = new WeakMap<() => Promise<unknown>, unknown>();

/** Whether the module of this loader has arrived (its components render without suspending). */
export const hasArrived = (load: () => Promise<unknown>): boolean => arrived.has(load);

/** Loads a lazy module (ahead of its first render, or for it) and remembers it has arrived. */
export function loadModule<M>(load: () => Promise<M>): Promise<M> {
  return load().then((module) => {
    arrived.set(load, module);
    return module;
  });
}

/**
 * React.lazy for a named export; components of one module (one loader) share its chunk. Once the
 * module has arrived (another of its components rendered, or `loadModule` fetched it ahead), a
 * component renders at once instead of suspending: a loader shown for a moment would hold the page
 * back, since React delays revealing what a Suspense boundary hid (by 300 ms).
 */
export function lazyNamed<M extends Record<K, AnyComponent>, K extends keyof M>(load: () => Promise<M>, name: K): ComponentType<ComponentProps<M[K]>> {
  const Lazy = lazy(async () => ({ default: (await loadModule(load))[name] }));
  function Named(props: ComponentProps<M[K]>) {
    // Chosen once per mounted component: switching would mount its tree again.
    const [component] = useState<AnyComponent>(() => (arrived.get(load) as M | undefined)?.[name] ?? Lazy);
    return createElement(component, props);
  }
  Named.displayName = `Lazy(${String(name)})`;
  return Named;
}
