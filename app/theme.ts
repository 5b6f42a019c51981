import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { DECISION_COLORS } from '../domain/decisionTone';

/**
 * Teal brand. Shade 7 (#087f5b) is the filled colour because white text on it passes
 * WCAG AA; the spec's decision colours stay Mantine's teal.6 / red.6 / yellow.7.
 */
const brand: MantineColorsTuple = [
  '#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9',
  '#12b886', '#0b9a74', '#087f5b', '#066a4c', '#04503a',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // People who ask their system for less motion get dialogs, menus and popovers without transitions.
  respectReducedMotion: true,
  fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  other: { decisionColors: DECISION_COLORS },
});
