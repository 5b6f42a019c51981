import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';

/**
 * What the loading tests hold back: the built chunks are named by the source modules they hold
 * (dist/.vite/chunk-modules.json, written by the build), and a chunk's or a call's answer waits
 * until the test releases it.
 */
const modules: Record<string, string[]> = JSON.parse(readFileSync('dist/.vite/chunk-modules.json', 'utf8'));

/** The URL path of the built chunk holding a source module. */
export function chunkOf(module: string): string {
  const file = Object.keys(modules).find((each) => modules[each].includes(module));
  if (!file) throw new Error(`no built chunk holds ${module}`);
  return `/${file}`;
}

/** Holds the answers for these paths until `release()` is called. */
export async function holdBack(page: Page, paths: string[]) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = new Set<string>();
  await page.route(
    (url) => paths.includes(url.pathname),
    async (route) => {
      held.add(new URL(route.request().url()).pathname);
      await released;
      await route.continue();
    },
  );
  return { release, held };
}
