import type { CSSProperties } from 'react';

/**
 * Colours of tag chips. Lookup items may carry a colour: a hex code (`#12b886`) or a Mantine
 * colour name. Text stays readable on any background.
 */
const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function readableTextColor(background: string): string {
  let digits = background.slice(1);
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16) / 255);
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.6 ? '#1a1b1e' : '#ffffff';
}

export function chipStyle(color: string | undefined): CSSProperties {
  if (color && hex.test(color)) return { backgroundColor: color, color: readableTextColor(color) };
  const name = color && /^[a-z]+$/.test(color) ? color : 'gray';
  return { backgroundColor: `var(--mantine-color-${name}-light)`, color: `var(--mantine-color-${name}-light-color)` };
}
