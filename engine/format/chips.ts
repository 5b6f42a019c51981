import { luminance } from '@mantine/core';
import type { CSSProperties } from 'react';

/**
 * Colours of tag chips. Lookup items may carry a colour: a hex code (`#12b886`) or a Mantine
 * colour name. Text stays readable on any background.
 */
const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

const DARK_TEXT = '#1a1b1e';

/**
 * Dark or white text, whichever reads at WCAG AA's 4.5:1 on the background (relative luminance).
 * A mid colour (a blue such as #1c7ed6) reads under 4.5:1 with both: black text there, which always does.
 */
export function readableTextColor(background: string): string {
  const under = luminance(background);
  const ratio = (text: string) => {
    const over = luminance(text);
    return (Math.max(under, over) + 0.05) / (Math.min(under, over) + 0.05);
  };
  const best = [DARK_TEXT, '#ffffff'].reduce((a, b) => (ratio(b) > ratio(a) ? b : a));
  return ratio(best) >= 4.5 ? best : '#000000';
}

export function chipStyle(color: string | undefined): CSSProperties {
  if (color && hex.test(color)) return { backgroundColor: color, color: readableTextColor(color) };
  const name = color && /^[a-z]+$/.test(color) ? color : 'gray';
  return { backgroundColor: `var(--mantine-color-${name}-light)`, color: `var(--mantine-color-${name}-light-color)` };
}
