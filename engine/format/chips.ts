import { luminance } from '@mantine/core';
import type { CSSProperties } from 'react';

/**
 * Colours of tag chips. Lookup items may carry a colour: a hex code (`#12b886`) or a Mantine
 * colour name. Text stays readable on any background.
 */
const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

const DARK_TEXT = '#1a1b1e';
const AA_TEXT = 4.5;

/**
 * Dark or white text, whichever contrasts more with the background (WCAG relative luminance). On a
 * mid colour neither may reach WCAG AA's 4.5:1 (#1c7ed6: white 4.2:1, dark grey 4.1:1): black does,
 * as white or black always reaches 4.58:1 at least.
 */
export function readableTextColor(background: string): string {
  const ratio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  const under = luminance(background);
  const [dark, white] = [ratio(under, luminance(DARK_TEXT)), ratio(under, 1)];
  if (Math.max(dark, white) >= AA_TEXT) return dark > white ? DARK_TEXT : '#ffffff';
  return '#000000';
}

export function chipStyle(color: string | undefined): CSSProperties {
  if (color && hex.test(color)) return { backgroundColor: color, color: readableTextColor(color) };
  const name = color && /^[a-z]+$/.test(color) ? color : 'gray';
  return { backgroundColor: `var(--mantine-color-${name}-light)`, color: `var(--mantine-color-${name}-light-color)` };
}
