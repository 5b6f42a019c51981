import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { buildUiSchema } from '../../engine/form/uiSchema';
import { cellText, labelText, type FormatContext } from '../../engine/format/values';
import { labelIn, normalize } from '../../server/text';

/**
 * Per-language names (`formats.json#/$defs/localizedNames`, `x-text.language`): read in the
 * reader's language (else English, else the first given) in grids, titles and lookups, typed side
 * by side in forms, found by a keyword search in any language.
 */
const t = ((key: string) => key) as unknown as TFunction;
const ctxIn = (locale: string): FormatContext => ({ t, locale, lookupLabel: () => undefined });
const names = {
  type: 'object',
  'x-text': { parts: [['en'], ['fr'], ['it']], language: true },
  properties: { en: { type: 'string', title: 'enum.language.en' }, fr: { type: 'string', title: 'enum.language.fr' }, it: { type: 'string', title: 'enum.language.it' } },
};
const entity = { type: 'object', properties: { code: { type: 'string' }, names } };

describe('per-language names', () => {
  it('read in the reader’s language, else English, else the first given', () => {
    const record = { names: { en: 'Stain', fr: 'Tache' } };
    expect(cellText({ field: 'names', schema: names }, record, ctxIn('fr'))).toBe('Tache');
    expect(cellText({ field: 'names', schema: names }, record, ctxIn('fr-FR'))).toBe('Tache');
    expect(cellText({ field: 'names', schema: names }, record, ctxIn('it'))).toBe('Stain');
    expect(cellText({ field: 'names', schema: names }, { names: { it: 'Macchia' } }, ctxIn('fr'))).toBe('Macchia');
    expect(labelText(names, record.names, ctxIn('en'))).toBe('Stain');
    expect(labelText(undefined, 'APP-01', ctxIn('en'))).toBe('APP-01');
    // Without `language`, an object still reads all its parts.
    expect(cellText({ field: 'names', schema: { ...names, 'x-text': { parts: [['en'], ['fr']] } } }, record, ctxIn('fr'))).toBe('Stain · Tache');
  });

  it('are typed side by side, one language a column, each labelled with its language', () => {
    const ui = buildUiSchema(entity, {}, { t, mode: 'create' });
    expect(['en', 'fr', 'it'].map((lang) => ui.names[lang]['ui:options'].span)).toEqual([4, 4, 4]);
    expect(ui.names.fr['ui:title']).toBe('enum.language.fr');
    expect(ui.names['ui:options'].span).toBe(12);
    // A ui file's own span wins.
    expect(buildUiSchema(entity, { names: { en: { 'ui:options': { span: 12 } } } }, { t, mode: 'create' }).names.en['ui:options'].span).toBe(12);
  });

  it('name lookup options in the caller’s language on the server, and a keyword search finds them in any language', () => {
    expect(labelIn({ en: 'Stain', fr: 'Tache' }, 'fr')).toBe('Tache');
    expect(labelIn({ en: 'Stain', fr: ' ' }, 'fr')).toBe('Stain');
    expect(labelIn({ it: 'Macchia' }, 'fr')).toBe('Macchia');
    expect(labelIn('APP-01', 'fr')).toBe('APP-01');
    expect(labelIn(undefined, 'fr')).toBe('');
    expect(normalize({ en: 'Stain', fr: 'Tâche claire' })).toBe('STAIN TACHE CLAIRE');
  });
});
