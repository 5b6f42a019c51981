import { luminance } from '@mantine/core';
import type { CSSProperties } from 'react';

/**
 * Colours of tag chips. Lookup items may carry a colour: a hex code (`#12b886`) or a Mantine
 * colour name. Text stays readable on any background.
 */
const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

const DARK_TEXT = '#1a1b1e';

/** Dark or white text, whichever contrasts more with the background (WCAG relative luminance). */
export function readableTextColor(background: string): string {
  const ratio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  const under = luminance(background);
  return ratio(under, luminance(DARK_TEXT)) > ratio(under, 1) ? DARK_TEXT : '#ffffff';
}

export function chipStyle(color: string | undefined): CSSProperties {
  if (color && hex.test(color)) return { backgroundColor: color, color: readableTextColor(color) };
  const name = color && /^[a-z]+$/.test(color) ? color : 'gray';
  return { backgroundColor: `var(--mantine-color-${name}-light)`, color: `var(--mantine-color-${name}-light-color)` };
}
