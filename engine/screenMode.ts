import type { ScreenConfig } from './config';

/**
 * A wizard's modes (docs/schemas.md "Wizards"): `?mode=EDIT` picks `modes.EDIT`, whose keys replace the
 * screen's (its machine, source, save, title). An unknown or missing mode is the screen as written.
 * Apart from the wizard's code: the route reads the mode's `source` before that code has arrived (./firstGets.ts).
 */
export function screenInMode(screen: ScreenConfig, mode: string | null): ScreenConfig {
  const chosen = mode ? screen.modes?.[mode.toUpperCase()] : undefined;
  return chosen ? { ...screen, ...chosen } : screen;
}
