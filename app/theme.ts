import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  luminance,
  mergeThemeOverrides,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
  type VariantColorsResolver,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { DECISION_COLORS } from '../domain/decisionTone';

/**
 * Teal brand. Shade 7 (#087f5b) is the filled colour because white text on it passes
 * WCAG AA; the spec's decision colours stay Mantine's teal.6 / red.6 / yellow.7.
 */
const brand: MantineColorsTuple = [
  '#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9',
  '#12b886', '#0b9a74', '#087f5b', '#066a4c', '#04503a',
];

/** Variants whose text is drawn in the colour itself, on white or on a tint of it. */
const TEXT_IN_COLOR = new Set(['light', 'outline', 'subtle', 'transparent']);

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
};

/**
 * The colour's darkest shade, darkened further until it reads at 4.5:1 on the colour's tints: shade 1
 * (a light badge as axe measures it) and shade 2 (a light button under the pointer).
 */
function textShade(shades: readonly string[]): string {
  for (const amount of [0, 0.15, 0.3, 0.45]) {
    const text = amount ? darken(shades[9], amount) : shades[9];
    if (contrast(text, shades[2]) >= 4.5) return text;
  }
  return '#000';
}

/**
 * Text in a colour (a light badge, an outline button) is drawn in a dark shade of it: shade 6,
 * Mantine's default, is under 4.5:1 on white for teal, green, yellow, orange, red, cyan and gray,
 * and even shade 9 is for green, lime, yellow and orange. Fills, borders and icons keep the colour's own shade.
 */
const variantColorResolver: VariantColorsResolver = input => {
  const colors = defaultVariantColorsResolver(input);
  if (!TEXT_IN_COLOR.has(input.variant)) return colors;
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || parsed.color === 'dark') return colors;
  const text = textShade(input.theme.colors[parsed.color]);
  return { ...colors, color: text, hoverColor: text };
};

/**
 * Secondary text ("dimmed") and error messages readable on white and on the light grey panels:
 * Mantine's gray.6 (3.3:1) and red.6 (3.6:1) are under WCAG AA's 4.5:1, gray.7 and red.9 are over it.
 * Placeholders likewise (Mantine's gray.5 is 2.1:1). Text given a colour by name (`c="orange"`) takes the same readable shade as text in a colour.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // Pickers draw their placeholder as text (axe measures it): a grey between gray.6 and gray.7, at
    // 4.5:1 on white and on the grey panels (gray.0, gray.1), still lighter than a value.
    '--mantine-color-placeholder': '#697077',
    ...Object.fromEntries(
      Object.entries(resolved.colors)
        .filter(([name]) => name !== 'dark')
        .map(([name, shades]) => [`--mantine-color-${name}-text`, textShade(shades)]),
    ),
  },
  dark: {},
});

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  // Filled buttons and badges in a light colour (the decision colours among them) get dark text:
  // white reads at 4.5:1 only on colours whose luminance is under 0.18 (Mantine's default threshold is 0.3).
  autoContrast: true,
  luminanceThreshold: 0.18,
  variantColorResolver,
  components: {
    // A snack's text is Mantine's gray.6 (3.3:1 on white): the readable secondary text instead.
    Notification: { styles: { description: { color: 'var(--mantine-color-dimmed)' } } },
    // An open menu puts the focus on its first item (the ARIA menu pattern), not on a placeholder
    // element that a menu may not contain (axe aria-required-children).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A select's "nothing found" message lies in its listbox, which may hold only options (axe
    // aria-required-children): it is a disabled option there, read as such by a screen reader.
    ComboboxEmpty: { defaultProps: { role: 'option', 'aria-disabled': true, 'aria-selected': false } },
    // A table wider than its place scrolls: its scroll area takes the focus, so the keyboard scrolls it
    // too when no cell can (axe scrollable-region-focusable).
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // People who ask their system for less motion get dialogs, menus and popovers without transitions.
  respectReducedMotion: true,
  fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  other: { decisionColors: DECISION_COLORS },
});

/**
 * The theme in the user's language: Mantine's icon-only buttons get a name (the inputs' clear
 * buttons, the calendars' arrows, and every close button — snacks, dialogs, alerts — that its caller did not name), and
 * field errors are announced.
 */
export function themeIn(t: TFunction): MantineThemeOverride {
  return mergeThemeOverrides(theme, {
    components: {
      CloseButton: { defaultProps: { 'aria-label': t('engine.action.close') } },
      InputClearButton: { defaultProps: { 'aria-label': t('engine.form.clear') } },
      // A field's error is announced when it appears (Mantine already ties it to the field with aria-describedby).
      InputError: { defaultProps: { role: 'alert' } },
      ...calendarsNamed(t),
    },
  });
}

// Mantine's names for a calendar's arrows and month / year buttons, each the key engine.date.<name>.
const CALENDAR_LABELS = ['previousMonth', 'nextMonth', 'previousYear', 'nextYear', 'previousDecade', 'nextDecade', 'monthLevelControl', 'yearLevelControl'];
const CALENDARS = ['DatePicker', 'DatePickerInput', 'DateTimePicker', 'MonthPickerInput'];

/** A calendar's arrows and month / year buttons are icons or numbers: every calendar the app draws names them. */
function calendarsNamed(t: TFunction) {
  const ariaLabels = Object.fromEntries(CALENDAR_LABELS.map(name => [name, t(`engine.date.${name}`)]));
  return Object.fromEntries(CALENDARS.map(name => [name, { defaultProps: { ariaLabels } }]));
}
