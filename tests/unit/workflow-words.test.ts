import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One word for one state: the action that completes a record and the state it leads to are
 * named from the same word in every language (spec part 1: "Completing sets TERMINATED"),
 * e.g. Complete / Completed, Terminer / Terminé. Enum values stay as they are; labels follow.
 */
const LOCALES = ['en', 'fr', 'it'] as const;
const labels = (locale: string): Record<string, string> => ({
  ...JSON.parse(readFileSync(join(process.cwd(), 'schemas/locales', `${locale}.json`), 'utf8')),
  ...JSON.parse(readFileSync(join(process.cwd(), 'app/locales', `${locale}.json`), 'utf8')),
});

/** Action label key → the labels of the state (and history event) it leads to. */
const PAIRS: [string, string[]][] = [
  ['serviceSheet.action.COMPLETE', ['enum.serviceStep.TERMINATED', 'enum.serviceHistoryEvent.COMPLETE']],
  ['workflow.capa.COMPLETE', ['enum.capaStatus.COMPLETED']],
];
/** Letters two labels share at their start: enough to be one word family (complet-, termin-). */
const STEM = 6;

describe('the completing action and its state share one word', () => {
  for (const locale of LOCALES) {
    it(`in ${locale}`, () => {
      const text = labels(locale);
      for (const [action, states] of PAIRS) {
        const stem = text[action].toLowerCase().slice(0, STEM);
        for (const state of states) expect(text[state].toLowerCase(), `${state} vs ${action} (${text[action]})`).toMatch(new RegExp(`^${stem}`));
      }
    });
  }
});
