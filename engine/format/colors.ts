import type { JsonSchema } from '../schema/resolve';

/**
 * Colours of enum values come from the schemas (docs/schemas.md "Value colours"): an enum's
 * `x-colors` maps each value to a colour of the theme. The engine knows no value itself, so a
 * value its schema leaves uncoloured reads neutral, and a chart series without a colour takes the
 * palette by position (series must differ, whatever their names).
 */
export type ValueColors = Record<string, string>;

export const NEUTRAL_COLOR = 'gray';

/**
 * The theme's colour names: Mantine's default palette plus the app's `brand` (app/theme.ts; a unit
 * test keeps the two lists equal). A colour is one of them, a shade of one (`teal.6`) or a hex code.
 */
export const THEME_COLORS = [
  'dark', 'gray', 'red', 'pink', 'grape', 'violet', 'indigo', 'blue', 'cyan', 'teal', 'green', 'lime', 'yellow', 'orange', 'brand',
] as const;

const hexColor = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isThemeColor(color: unknown): boolean {
  if (typeof color !== 'string') return false;
  if (hexColor.test(color)) return true;
  const [name, shade, ...rest] = color.split('.');
  return (THEME_COLORS as readonly string[]).includes(name) && rest.length === 0 && (shade === undefined || /^\d$/.test(shade));
}

/** The `x-colors` of a property (or of an array property's items): what its values are painted. */
export function colorsOf(schema: JsonSchema | undefined): ValueColors | undefined {
  const target = schema?.type === 'array' ? schema.items : schema;
  const colors = target?.['x-colors'];
  return colors && typeof colors === 'object' && !Array.isArray(colors) ? (colors as ValueColors) : undefined;
}

/** A value's colour as its schema's `x-colors` says; neutral when it says nothing. */
export function valueColor(value: unknown, colors: ValueColors | undefined): string {
  const key = String(value);
  return colors && Object.hasOwn(colors, key) ? colors[key] : NEUTRAL_COLOR;
}

const palette = ['blue', 'grape', 'orange', 'teal', 'indigo', 'pink', 'cyan', 'lime'];

/** The colour of the `index`-th of several series that name none: distinct neighbours. */
export function paletteColor(index: number): string {
  return palette[Math.max(0, index) % palette.length];
}
