import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme, themeIn } from '../../app/theme';
import { DECISION_COLORS } from '../../domain/decisionTone';

/** Red, green and blue (0–255) of #rgb, #rrggbb or rgba(r, g, b, a). */
function channels(color: string): number[] {
  if (color.startsWith('rgb')) return color.match(/[\d.]+/g)!.slice(0, 3).map(Number);
  const hex = color.length === 4 ? `#${[...color.slice(1)].map((c) => c + c).join('')}` : color;
  return [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
}

/** WCAG 2.x contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = channels(color).map((channel) => {
      const c = channel / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

const full = mergeMantineTheme(DEFAULT_THEME, theme);
/** A `var(--mantine-color-<name>-<shade>)` of the theme as #rrggbb. */
const resolve = (value: string): string => {
  if (value.includes('--mantine-color-white')) return full.white;
  if (value.includes('--mantine-color-black')) return full.black;
  const match = /--mantine-color-([a-z]+)-(\d)/.exec(value);
  return match ? full.colors[match[1]][Number(match[2])] : value;
};
const WHITE = '#ffffff';
const LIGHT_GREY = full.colors.gray[0];

describe('theme contrast (WCAG AA, 4.5:1 for text)', () => {
  const light: Record<string, string> = cssVariablesResolver(full).light;

  it('dimmed text, error messages and placeholders are readable on white and on light grey panels', () => {
    for (const name of ['--mantine-color-dimmed', '--mantine-color-error', '--mantine-color-placeholder']) {
      expect(contrast(resolve(light[name]), WHITE), name).toBeGreaterThanOrEqual(4.5);
      expect(contrast(resolve(light[name]), LIGHT_GREY), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('text in a colour (light, outline, subtle badges and buttons) is readable in every colour of the palette', () => {
    for (const color of Object.keys(full.colors).filter((name) => name !== 'dark')) {
      for (const variant of ['light', 'outline', 'subtle']) {
        const colors = full.variantColorResolver({ color, theme: full, variant });
        const text = resolve(colors.color);
        // A light badge lies on a tint of its colour: as dark as shade 1 where axe measures it, shade 2 under the pointer.
        expect(contrast(text, full.colors[color][1]), `${variant} ${color}`).toBeGreaterThanOrEqual(4.5);
        expect(contrast(text, full.colors[color][2]), `${variant} ${color} hovered`).toBeGreaterThanOrEqual(4.5);
        expect(contrast(text, WHITE), `${variant} ${color}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('text coloured by name (c="orange") is readable on white', () => {
    for (const color of Object.keys(full.colors).filter((name) => name !== 'dark')) {
      expect(contrast(resolve(light[`--mantine-color-${color}-text`]), WHITE), color).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('text given a shade on a screen (c="red.7") is readable on white: a colour by name takes the readable shade', () => {
    const screens = ['app', 'engine'].flatMap((root) => readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.tsx')).map((file) => join(root, file)));
    const shaded = screens.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bc=(?:"[a-z]+\.\d"|\{[^}]*\})/g)].flatMap(([prop]) => [...prop.matchAll(/["']([a-z]+)\.(\d)["']/g)].map(([, color, shade]) => ({ file, color, shade: Number(shade) }))),
    );
    expect(shaded.length).toBeGreaterThan(0);
    for (const { file, color, shade } of shaded) expect(contrast(full.colors[color][shade], WHITE), `${file}: ${color}.${shade}`).toBeGreaterThanOrEqual(4.5);
  });

  it('filled badges and buttons in any shade of any colour carry readable text', () => {
    for (const color of Object.keys(full.colors)) {
      for (const shade of [5, 6, 7, 8, 9]) {
        const colors = full.variantColorResolver({ color: `${color}.${shade}`, theme: full, variant: 'filled', autoContrast: true });
        expect(contrast(resolve(colors.color), full.colors[color][shade]), `${color}.${shade}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('filled decision colours carry dark text (the colours stay as the spec set them)', () => {
    expect(full.autoContrast).toBe(true);
    for (const fill of Object.values(DECISION_COLORS)) expect(contrast(fill, full.black)).toBeGreaterThanOrEqual(4.5);
  });

  it("a select's nothing-found message is a disabled option of its listbox", () => {
    expect(theme.components?.ComboboxEmpty?.defaultProps).toMatchObject({ role: 'option', 'aria-disabled': true });
  });

  it("every calendar's weekend days are in the readable red, its days of the months around not dimmed by opacity", () => {
    const css = readFileSync(join(process.cwd(), 'app', 'theme.css'), 'utf8');
    expect(css).toMatch(/button\[data-weekend\]:not\(\[data-selected\]\) \{\s*color: var\(--mantine-color-red-text\);/);
    expect(css).toMatch(/button\[data-outside\]:not\(\[data-selected\], \[data-in-range\]\) \{\s*opacity: 1;/);
    expect(contrast(resolve(light['--mantine-color-red-text']), WHITE)).toBeGreaterThanOrEqual(4.5);
  });

  it('close and clear buttons are named in the user language', () => {
    const t = ((key: string) => `«${key}»`) as never;
    const components = themeIn(t).components!;
    expect(components.CloseButton?.defaultProps).toMatchObject({ 'aria-label': '«engine.action.close»' });
    expect(components.InputClearButton?.defaultProps).toMatchObject({ 'aria-label': '«engine.form.clear»' });
    expect(components.InputError?.defaultProps).toMatchObject({ role: 'alert' });
    for (const calendar of ['DatePicker', 'DatePickerInput', 'DateTimePicker', 'MonthPickerInput']) {
      expect(components[calendar]?.defaultProps?.ariaLabels, calendar).toMatchObject({ previousMonth: '«engine.date.previousMonth»', yearLevelControl: '«engine.date.yearLevelControl»' });
    }
  });
});
