import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript6';
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

/**
 * The values of schemas/enums.json that read as codes (`TOFIX`, `DEROGATE`: upper-case, two
 * characters or more; not languages, MIME types or numbers), less the generic words the engine
 * uses for itself and that some enum happens to share.
 */
const engineOwnWords = new Set([
  // levels of the API's messages (CONTRACT.md)
  'ERROR', 'FATAL', 'WARN', 'INFO',
  // events of the engine's own machines (saved filters, leave guard) and the kind of a record history row
  'DONE', 'FAILED', 'CONFIRM', 'EVENT',
]);
function enumCodes(): Map<string, string[]> {
  const defs = JSON.parse(readFileSync(join(root, 'schemas/enums.json'), 'utf8')).$defs as Record<string, { enum?: unknown[] }>;
  const codes = new Map<string, string[]>();
  for (const [name, def] of Object.entries(defs)) {
    for (const value of def.enum ?? []) {
      if (typeof value === 'string' && /^[A-Z][A-Z0-9_]+$/.test(value) && !engineOwnWords.has(value)) codes.set(value, [...(codes.get(value) ?? []), name]);
    }
  }
  return codes;
}

/**
 * The string literals and the property names of a TypeScript source (`'PAID'`, `{ PAID: … }`,
 * `row.PAID`), as the compiler reads them: comments and the engine's own constants (`DATE`) left out.
 */
function namesAndLiterals(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) found.push(node.text);
    if ((ts.isPropertyAssignment(node) || ts.isPropertySignature(node) || ts.isPropertyAccessExpression(node)) && ts.isIdentifier(node.name)) found.push(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
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

  it('reads string literals and names, comments aside', () => {
    const text = "// 'TOFIX'\nconst DATE = { PAID: 'VALID' }; DATE.LOST; `DEROGATE`; /* \"SENT\" */ <i c=\"LOW\" />";
    expect(namesAndLiterals('x.tsx', text)).toEqual(['PAID', 'VALID', 'LOST', 'DEROGATE', 'LOW']);
  });

  it('names no value of an enum of schemas/enums.json, as a text or a key: statuses and their colours come from the schemas', () => {
    const codes = enumCodes();
    expect(codes.get('TOFIX')).toEqual(['feeStatus']);
    // Only files where a code appears at all (in a comment, say) are parsed.
    const anyCode = new RegExp(`\\b(?:${[...codes.keys()].join('|')})\\b`);
    const found = sourceFiles(join(root, 'engine'))
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => ({ file, text: readFileSync(file, 'utf8') }))
      .filter(({ text }) => anyCode.test(text))
      .flatMap(({ file, text }) => namesAndLiterals(file, text).filter((name) => codes.has(name)).map((name) => `${relative(root, file)}: '${name}' (${codes.get(name)!.join(', ')})`));
    expect(found).toEqual([]);
  });
});
