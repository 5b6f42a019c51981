import { createElement, Suspense, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyNamed, loadModule } from '../../engine/ui/lazyNamed';

/** A page in a Suspense boundary, drawn once: the fallback when the component suspends. */
const draw = (component: ComponentType<{ who: string }>) => renderToString(createElement(Suspense, { fallback: 'waiting' }, createElement(component, { who: 'QCFlow' })));

function fakeModule() {
  const module = { Greeting: ({ who }: { who: string }) => `hello ${who}`, Farewell: ({ who }: { who: string }) => `bye ${who}` };
  return () => Promise.resolve(module);
}

describe('lazyNamed', () => {
  it('suspends while its module has not arrived', () => {
    expect(draw(lazyNamed(fakeModule(), 'Greeting'))).toContain('waiting');
  });

  it('renders at once, with no fallback, once the module was loaded ahead', async () => {
    const load = fakeModule();
    const Greeting = lazyNamed(load, 'Greeting');
    await loadModule(load);
    const page = draw(Greeting);
    expect(page).toContain('hello QCFlow');
    expect(page).not.toContain('waiting');
  });

  it('renders at once when another component of the same module brought it', async () => {
    const load = fakeModule();
    const [Greeting, Farewell] = [lazyNamed(load, 'Greeting'), lazyNamed(load, 'Farewell')];
    expect(draw(Greeting)).toContain('waiting'); // starts the load
    await Promise.resolve();
    await Promise.resolve();
    const page = draw(Farewell);
    expect(page).toContain('bye QCFlow');
    expect(page).not.toContain('waiting');
  });
});
