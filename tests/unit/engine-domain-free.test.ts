import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * engine/ knows no domain word (DESIGN.md rule 3): it reads schemas and screen descriptions.
 * Words are matched as whole identifier words (`capaId`, `CAPA_STATUS`, `capas`), so that
 * generic words containing them (`capacity`, `escapade`) do not count.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const domainWords = [
  'capa', 'matrix8d', 'qualityAlert', 'nonCompliance', 'structuralCost', 'serviceId', 'service', 'feeSheet', 'fee',
  'invoice', 'inspection', 'inspector', 'purchaseOrder', 'supplier',
];

/** `nonCompliances_FOO capaId` → [['non', 'compliances', 'foo'], ['capa', 'id']]: identifiers split into lower-case words. */
function identifierWords(text: string): string[][] {
  return (text.match(/[A-Za-z0-9_]+/g) ?? []).map((identifier) =>
    (identifier.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? []).map((word) => word.toLowerCase()),
  );
}

/** Whether the words of `phrase` appear in a row in `words` (the last one may take a plural s). */
function containsPhrase(words: string[], phrase: string[]): boolean {
  return words.some((_, start) =>
    phrase.every((part, i) => {
      const word = words[start + i];
      return word === part || (i === phrase.length - 1 && (word === `${part}s` || word === `${part}es`));
    }),
  );
}

function domainWordsIn(text: string): string[] {
  const identifiers = identifierWords(text);
  return domainWords.filter((domainWord) => {
    const phrase = identifierWords(domainWord)[0];
    return identifiers.some((words) => containsPhrase(words, phrase));
  });
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx|json)$/.test(entry.name) ? [full] : [];
  });
}

describe('engine/ is domain-free', () => {
  it('finds domain words as identifier words only', () => {
    expect(domainWordsIn('const capaId = row.nonCompliances; // QUALITY_ALERT')).toEqual(['capa', 'qualityAlert', 'nonCompliance']);
    expect(domainWordsIn('CAPA_STATUS, invoices, Inspection, matrix8dSearch, feeLines')).toEqual(['capa', 'matrix8d', 'fee', 'invoice', 'inspection']);
    expect(domainWordsIn('capacity escapade coffee feed services_worker')).toEqual(['service']);
    expect(domainWordsIn('capacity escapade coffee feed CAPACITY')).toEqual([]);
  });

  it('has no domain word in engine/**/*.{ts,tsx,json}', () => {
    const engine = join(root, 'engine');
    const files = sourceFiles(engine);
    expect(files.length).toBeGreaterThan(0);
    const found = files
      .map((file) => ({ file: relative(root, file), words: domainWordsIn(readFileSync(file, 'utf8')) }))
      .filter(({ words }) => words.length > 0);
    expect(found).toEqual([]);
  });
});
