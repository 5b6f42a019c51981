import { DEFAULT_THEME } from '@mantine/core';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { theme } from '../../app/theme';
import { seriesColor } from '../../engine/charts/chartData';
import { colorsOf, isThemeColor, NEUTRAL_COLOR, THEME_COLORS, valueColor } from '../../engine/format/colors';
import { screenColumns } from '../../engine/grid/columns';
import { propertiesOf } from '../../engine/schema/fields';
import { resolveSchema, type SharedDefs } from '../../engine/schema/resolve';

/** Value colours come from the schemas (`x-colors`, docs/schemas.md "Value colours"), never from the engine. */
const root = fileURLToPath(new URL('../..', import.meta.url));
const readJson = (path: string) => JSON.parse(readFileSync(`${root}/${path}`, 'utf8'));
const shared: SharedDefs = { 'enums.json': readJson('schemas/enums.json'), 'formats.json': readJson('schemas/formats.json') };

describe('value colours', () => {
  const colors = { OPEN: 'blue', SHUT: 'red.7' };

  it('are what the schema says, neutral where it says nothing', () => {
    expect(valueColor('OPEN', colors)).toBe('blue');
    expect(valueColor('SHUT', colors)).toBe('red.7');
    expect(valueColor('AJAR', colors)).toBe(NEUTRAL_COLOR);
    expect(valueColor('OPEN', undefined)).toBe(NEUTRAL_COLOR);
    expect(valueColor(undefined, colors)).toBe(NEUTRAL_COLOR);
    // Keys of every object are no values.
    expect(valueColor('constructor', colors)).toBe(NEUTRAL_COLOR);
  });

  it('are read from a property, or from the items of an array property', () => {
    expect(colorsOf({ type: 'string', enum: ['OPEN', 'SHUT'], 'x-colors': colors })).toBe(colors);
    expect(colorsOf({ type: 'array', items: { enum: ['OPEN', 'SHUT'], 'x-colors': colors } })).toBe(colors);
    expect(colorsOf({ type: 'string', enum: ['OPEN', 'SHUT'] })).toBeUndefined();
    expect(colorsOf({ 'x-colors': ['blue'] })).toBeUndefined();
    expect(colorsOf(undefined)).toBeUndefined();
  });

  it('reach an entity property through its enums.json enum, and a property may give its own', () => {
    const entity = resolveSchema(
      {
        'x-status': 'status',
        properties: {
          status: { $ref: 'enums.json#/$defs/feeStatus' },
          mood: { $ref: 'enums.json#/$defs/feeStatus', 'x-colors': { TOFIX: 'pink' } },
          type: { $ref: 'enums.json#/$defs/feeType' },
        },
      },
      shared,
    );
    const props = propertiesOf(entity);
    expect(valueColor('TOFIX', colorsOf(props.status))).toBe('red');
    expect(valueColor('VALID', colorsOf(props.status))).toBe('teal');
    expect(valueColor('TOFIX', colorsOf(props.mood))).toBe('pink');
    expect(valueColor('VALID', colorsOf(props.mood))).toBe(NEUTRAL_COLOR);
    // An enum with colours is a badge in a grid; one without is text.
    const columns = screenColumns({ route: '/x', type: 'search', title: 'x', columns: ['status', 'mood', 'type'] }, entity);
    expect(columns.map((column) => column.badge)).toEqual([true, true, false]);
  });

  it('colour a chart series by its enum when it names no colour of its own', () => {
    expect(seriesColor({ name: 'TOFIX', color: 'grape.3' }, [], { TOFIX: 'red' })).toBe('grape.3');
    expect(seriesColor({ name: 'TOFIX' }, ['VALID', 'TOFIX'], { TOFIX: 'red' })).toBe('red.6');
    expect(seriesColor({ name: 'TOFIX' }, ['VALID', 'TOFIX'], { TOFIX: '#fa5252' })).toBe('#fa5252');
    expect(seriesColor({ name: 'TOFIX' }, ['VALID', 'TOFIX'])).toBe('grape.6');
  });
});

describe('theme colours', () => {
  it('are the theme the app runs with: Mantine palette plus its own colours', () => {
    expect([...THEME_COLORS].sort()).toEqual(Object.keys({ ...DEFAULT_THEME.colors, ...theme.colors }).sort());
  });

  it('are a colour name, one of its shades, or a hex code', () => {
    for (const color of ['teal', 'brand', 'red.6', 'gray.0', '#12b886', '#FA5252', '#f59']) expect(isThemeColor(color), color).toBe(true);
    for (const color of ['purple', 'Teal', 'teal.10', 'teal.x', 'teal.6.1', '#12b88', 'rgb(0,0,0)', '', 6, null]) expect(isThemeColor(color), String(color)).toBe(false);
  });
});
