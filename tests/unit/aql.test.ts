import { describe, expect, it } from 'vitest';
import tables from '../../schemas/aql.json';
import { AQL_LEVELS, AQL_LIMITS, AqlInputError, INSPECTIONS, aqlRules, normalizeAql, type AqlInspection, type AqlTables } from '../../domain/aql';

const { codeLetter, resolveCell, samplingPlan, severityPlan, sampleSizes: AQL_SAMPLE_SIZES, tables: AQL_TABLES } = aqlRules(tables as unknown as AqlTables);
const AQL_TABLES_GRIDS = AQL_TABLES.inspections;

/**
 * ISO 2859-1 / ANSI-ASQ Z1.4 / MIL-STD-105E single sampling (schemas/aql.json, domain/aql.ts).
 *
 * Sources the tables were checked against (public copies, read through the project's search library):
 * - Table I (code letters, all 7 levels × 15 lot ranges): the page https://pdfcoffee.com/aql-sampling-chart-pdf-free.html
 *   ("ANSI/ASQC Z1.4/MIL-STD-105E/BS 6001/DIN 40080/ISO 2859 Table I") and the Table I of
 *   https://pt.scribd.com/document/212342834/Plan-Ilha agree cell for cell with the stored table; the first rows of
 *   http://www.wisetool.com/sampling.htm agree too. (A TypeScript "ISO 2859-1 reference data" module found by
 *   find_string — the library does not name its repository — differs in columns S-3 and S-4, e.g. 91–150 S-3 = D; its
 *   own comments call that table unverified, and the two pages above win.)
 * - Table II-A (normal): http://www.nibs.org/FMOC/DPW_AC/AC-TABLE.ASC "TABLE 1-A" (from MIL-STD-105E Table II-A,
 *   rows A–Q, AQL 0.65–15, Re numbers and arrows) and the same TypeScript module's AC_NORMAL (every letter, AQL 0.010–6.5,
 *   arrows as -1) agree with every stored cell they cover; so do the anchors J 2.5 → 5/6, L 2.5 → 10/11,
 *   K 10 → 21/22, A 6.5 → 0/1. https://siteproxy.ruqli.workers.dev:443/https/www.scribd.com/document/563507790/Tablas (105E Table II-A, flattened)
 *   confirms that row R starts with 1/2 (its 0.010 and 0.015 cells are arrows) and that row A has no plan between 0/1 and 1/2.
 * - Table II-B (tightened): the nibs page "TABLE 1-B" (105E Table II-B, rows A–L, AQL 0.65–15) and the TypeScript module's
 *   AC_TIGHTENED (its "session 4", from an ISO 2859-1 PDF, AQL 0.010–6.5) agree: 0/1 one AQL step right of the normal
 *   0/1, then two down arrows, then 1/2, 2/3, 3/4, 5/6, 8/9, 12/13, 18/19 (J 2.5 → 3/4, K 1.0 → 2/3). This corrects the
 *   brief's guess (0/1 one step further right, one down arrow): both sources put 0/1 at J 0.25, not J 0.40.
 * - Table II-C (reduced): the positions (0/1 on the normal diagonal, three arrows, then seven plans up to the diagonal of
 *   21/22) agree with the module's AC_REDUCED, which holds the ISO 2859-1:1999 figures (1/2, 2/3, 3/4, 5/6, 6/7, 8/9,
 *   10/11, no gap). The Z1.4 / 105E figures stored instead (0/2, 1/3, 1/4, 2/5, 3/6, 5/8, 7/10, 10/13) and the reduced
 *   sample sizes (A–C 2, D 3 … R 800) come from the standard as remembered: no public copy of Z1.4 Table II-C was found.
 * - Sources that disagree and were set aside: a JavaScript "qc-checklist" module (find_string "Table II-C (Reduced)") whose
 *   normal table gives J 2.5 → 7/8, contradicting every source above and the CONTRACT example.
 *
 * Cells not confirmed by any source read:
 * - every Re of Table II-C (the gaps) and its 0/2 cells (see above);
 * - the edge cells of schemas/aql.json `edgeCells`: normal and reduced A 10 (an up arrow on the diagonal, with no row
 *   above: stored as down), normal and reduced R 0.015 (a down arrow with no row below: stored as up, as the module
 *   resolves it), tightened row S (printed once, 1/2 with 3150; stored under both down arrows of R, at 0.015 and 0.025).
 *   Tightened A 10 is a down arrow in the nibs copy (not the 0/1 of the diagonal) and is stored so;
 * - AQL 0.010–0.040 of Table II-B rows A–P and AQL 10 of rows M–R of II-A/II-B (only one source each: the diagonal).
 */

type Case = [lotSize: number, level: string, aql: string, inspection: AqlInspection, expected: [letter: string, sampleSize: number, accept: number, reject: number]];

// Letter indexes: A0 B1 C2 D3 E4 F5 G6 H7 J8 K9 L10 M11 N12 P13 Q14 R15 (S16 tightened);
// AQL columns: 0.010 … 10 = 0 … 15. In each comment: Table I cell → Table II cell (→ cells the arrows pass) = plan.
const CASES: Case[] = [
  // ---- S-1 ----
  [2, 'S-1', '6.5', 'NORMAL', ['A', 2, 0, 1]], // I: 2–8/S-1 = A → II-A A/6.5 = 0 1
  [500001, 'S-1', '4.0', 'NORMAL', ['D', 13, 1, 2]], // I: ≥500001/S-1 = D → II-A D/4.0 ↓ → E/4.0 = 1 2 (n 13)
  [51, 'S-1', '10', 'NORMAL', ['B', 5, 1, 2]], // I: 51–90/S-1 = B → II-A B/10 ↓ → C/10 = 1 2 (n 5)
  // ---- S-2 ----
  [26, 'S-2', '0.65', 'NORMAL', ['B', 20, 0, 1]], // I: 26–50/S-2 = B → II-A B/0.65 ↓ … → F/0.65 = 0 1 (n 20)
  [35000, 'S-2', '1.5', 'TIGHTENED', ['D', 13, 0, 1]], // I: 10001–35000/S-2 = D → II-B D/1.5 ↓ → E/1.5 = 0 1 (n 13)
  [35001, 'S-2', '1.5', 'TIGHTENED', ['E', 13, 0, 1]], // I: 35001–150000/S-2 = E → II-B E/1.5 = 0 1
  [150001, 'S-2', '2.5', 'REDUCED', ['E', 8, 0, 2]], // I: 150001–500000/S-2 = E → II-C E/2.5 ↓ → F/2.5 = 0 2 (n 8)
  // ---- S-3 ----
  [16, 'S-3', '4.0', 'NORMAL', ['B', 3, 0, 1]], // I: 16–25/S-3 = B → II-A B/4.0 = 0 1
  [1200, 'S-3', '1.0', 'NORMAL', ['E', 13, 0, 1]], // I: 501–1200/S-3 = E → II-A E/1.0 = 0 1
  [3201, 'S-3', '2.5', 'NORMAL', ['F', 20, 1, 2]], // I: 3201–10000/S-3 = F → II-A F/2.5 = 1 2
  [500000, 'S-3', '0.40', 'TIGHTENED', ['G', 50, 0, 1]], // I: 150001–500000/S-3 = G → II-B G/0.40 ↓ → H/0.40 = 0 1 (n 50)
  // ---- S-4 ----
  [15, 'S-4', '10', 'NORMAL', ['A', 5, 1, 2]], // I: 9–15/S-4 = A → II-A A/10 (edge cell, stored ↓) → B/10 ↓ → C/10 = 1 2 (n 5)
  [281, 'S-4', '6.5', 'NORMAL', ['E', 13, 2, 3]], // I: 281–500/S-4 = E → II-A E/6.5 = 2 3
  [35001, 'S-4', '0.25', 'REDUCED', ['J', 20, 0, 1]], // I: 35001–150000/S-4 = J → II-C J/0.25 ↑ → H/0.25 = 0 1 (n 20)
  [10001, 'S-4', '4.0', 'TIGHTENED', ['H', 50, 3, 4]], // I: 10001–35000/S-4 = H → II-B H/4.0 = 3 4
  // ---- I ----
  [8, 'I', '0.015', 'NORMAL', ['A', 8, 0, 1]], // I: 2–8/I = A → II-A A/0.015 ↓ … → P/0.015 = 0 1 (n 800 > lot: 100 %, 8)
  [9, 'I', '1.5', 'NORMAL', ['A', 8, 0, 1]], // I: 9–15/I = A → II-A A/1.5 ↓ … → D/1.5 = 0 1 (n 8)
  [90, 'I', '0.65', 'NORMAL', ['C', 20, 0, 1]], // I: 51–90/I = C → II-A C/0.65 ↓ … → F/0.65 = 0 1 (n 20)
  [91, 'I', '0.65', 'NORMAL', ['D', 20, 0, 1]], // I: 91–150/I = D → II-A D/0.65 ↓ … → F/0.65 = 0 1 (n 20)
  [280, 'I', '2.5', 'TIGHTENED', ['E', 32, 1, 2]], // I: 151–280/I = E → II-B E/2.5 ↓ → F/2.5 ↓ → G/2.5 = 1 2 (n 32)
  [500001, 'I', '0.10', 'NORMAL', ['N', 500, 1, 2]], // I: ≥500001/I = N → II-A N/0.10 = 1 2
  [35000, 'I', '0.040', 'REDUCED', ['K', 125, 0, 1]], // I: 10001–35000/I = K → II-C K/0.040 ↓ → L ↓ → M/0.040 = 0 1 (n 125)
  // ---- II ----
  [1000, 'II', '2.5', 'NORMAL', ['J', 80, 5, 6]], // I: 501–1200/II = J → II-A J/2.5 = 5 6 (CONTRACT example)
  [1000, 'II', '2.5', 'TIGHTENED', ['J', 80, 3, 4]], // I: J → II-B J/2.5 = 3 4
  [1000, 'II', '2.5', 'REDUCED', ['J', 32, 2, 5]], // I: J → II-C J/2.5 = 2 5 (n 32)
  [2, 'II', '0.010', 'NORMAL', ['A', 2, 0, 1]], // I: 2–8/II = A → II-A A/0.010 ↓ … → Q/0.010 = 0 1 (n 1250 > lot: 2)
  [10, 'II', '0.10', 'NORMAL', ['B', 10, 0, 1]], // I: 9–15/II = B → II-A B/0.10 ↓ … → K/0.10 = 0 1 (n 125 > lot: 100 %, 10)
  [25, 'II', '0.25', 'NORMAL', ['C', 25, 0, 1]], // I: 16–25/II = C → II-A C/0.25 ↓ … → H/0.25 = 0 1 (n 50 > lot: 25)
  [50, 'II', '4.0', 'NORMAL', ['D', 13, 1, 2]], // I: 26–50/II = D → II-A D/4.0 ↓ → E/4.0 = 1 2 (n 13)
  [500, 'II', '0.15', 'NORMAL', ['H', 80, 0, 1]], // I: 281–500/II = H → II-A H/0.15 ↓ → J/0.15 = 0 1 (n 80)
  [501, 'II', '0.25', 'NORMAL', ['J', 50, 0, 1]], // I: 501–1200/II = J → II-A J/0.25 ↑ → H/0.25 = 0 1 (n 50)
  [1200, 'II', '0.40', 'NORMAL', ['J', 125, 1, 2]], // I: J → II-A J/0.40 ↓ → K/0.40 = 1 2 (n 125)
  [1201, 'II', '1.0', 'NORMAL', ['K', 125, 3, 4]], // I: 1201–3200/II = K → II-A K/1.0 = 3 4
  [1201, 'II', '10', 'NORMAL', ['K', 125, 21, 22]], // I: K → II-A K/10 = 21 22
  [3201, 'II', '2.5', 'NORMAL', ['L', 200, 10, 11]], // I: 3201–10000/II = L → II-A L/2.5 = 10 11
  [10000, 'II', '6.5', 'NORMAL', ['L', 200, 21, 22]], // I: L → II-A L/6.5 = 21 22
  [10001, 'II', '6.5', 'NORMAL', ['M', 200, 21, 22]], // I: 10001–35000/II = M → II-A M/6.5 ↑ → L/6.5 = 21 22 (n 200)
  [35001, 'II', '10', 'NORMAL', ['N', 125, 21, 22]], // I: 35001–150000/II = N → II-A N/10 ↑ → M ↑ → L ↑ → K/10 = 21 22 (n 125)
  [3200, 'II', '1.0', 'TIGHTENED', ['K', 125, 2, 3]], // I: 1201–3200/II = K → II-B K/1.0 = 2 3
  [150000, 'II', '0.065', 'NORMAL', ['N', 800, 1, 2]], // I: N → II-A N/0.065 ↓ → P/0.065 = 1 2 (n 800)
  [500000, 'II', '0.040', 'REDUCED', ['P', 500, 0, 2]], // I: 150001–500000/II = P → II-C P/0.040 ↓ → Q/0.040 = 0 2 (n 500)
  [500001, 'II', '0.010', 'TIGHTENED', ['Q', 2000, 0, 1]], // I: ≥500001/II = Q → II-B Q/0.010 ↓ → R/0.010 = 0 1 (n 2000)
  // ---- III ----
  [2, 'III', '10', 'NORMAL', ['B', 2, 1, 2]], // I: 2–8/III = B → II-A B/10 ↓ → C/10 = 1 2 (n 5 > lot: 2)
  [8, 'III', '6.5', 'REDUCED', ['B', 2, 0, 1]], // I: 2–8/III = B → II-C B/6.5 ↑ → A/6.5 = 0 1 (n 2)
  [26, 'III', '1.5', 'REDUCED', ['E', 3, 0, 1]], // I: 26–50/III = E → II-C E/1.5 ↑ → D/1.5 = 0 1 (n 3)
  [281, 'III', '0.65', 'REDUCED', ['J', 32, 0, 2]], // I: 281–500/III = J → II-C J/0.65 = 0 2
  [501, 'III', '0.65', 'REDUCED', ['K', 50, 1, 3]], // I: 501–1200/III = K → II-C K/0.65 = 1 3
  [1201, 'III', '0.65', 'REDUCED', ['L', 80, 1, 4]], // I: 1201–3200/III = L → II-C L/0.65 = 1 4
  [3201, 'III', '0.65', 'REDUCED', ['M', 125, 2, 5]], // I: 3201–10000/III = M → II-C M/0.65 = 2 5
  [10001, 'III', '0.65', 'REDUCED', ['N', 200, 3, 6]], // I: 10001–35000/III = N → II-C N/0.65 = 3 6
  [35001, 'III', '0.65', 'REDUCED', ['P', 315, 5, 8]], // I: 35001–150000/III = P → II-C P/0.65 = 5 8
  [10001, 'III', '1.5', 'REDUCED', ['N', 200, 7, 10]], // I: N → II-C N/1.5 = 7 10
  [150001, 'III', '4.0', 'REDUCED', ['Q', 125, 10, 13]], // I: 150001–500000/III = Q → II-C Q/4.0 ↑ → P ↑ → N ↑ → M/4.0 = 10 13 (n 125)
  [3201, 'III', '0.65', 'NORMAL', ['M', 315, 5, 6]], // I: M → II-A M/0.65 = 5 6
  [10001, 'III', '0.65', 'NORMAL', ['N', 500, 7, 8]], // I: N → II-A N/0.65 = 7 8
  [35001, 'III', '0.65', 'NORMAL', ['P', 800, 10, 11]], // I: P → II-A P/0.65 = 10 11
  [150001, 'III', '0.65', 'NORMAL', ['Q', 1250, 14, 15]], // I: Q → II-A Q/0.65 = 14 15
  [1201, 'III', '0.15', 'TIGHTENED', ['L', 500, 1, 2]], // I: 1201–3200/III = L → II-B L/0.15 ↓ → M ↓ → N/0.15 = 1 2 (n 500)
  [3201, 'III', '1.0', 'TIGHTENED', ['M', 315, 5, 6]], // I: M → II-B M/1.0 = 5 6
  [10001, 'III', '1.0', 'TIGHTENED', ['N', 500, 8, 9]], // I: N → II-B N/1.0 = 8 9
  [35001, 'III', '1.0', 'TIGHTENED', ['P', 800, 12, 13]], // I: P → II-B P/1.0 = 12 13
  [150001, 'III', '1.0', 'TIGHTENED', ['Q', 1250, 18, 19]], // I: Q → II-B Q/1.0 = 18 19
  [3201, 'III', '10', 'TIGHTENED', ['M', 125, 18, 19]], // I: M → II-B M/10 ↑ → L ↑ → K/10 = 18 19 (n 125)
  [500001, 'III', '0.015', 'TIGHTENED', ['R', 3150, 1, 2]], // I: ≥500001/III = R → II-B R/0.015 ↓ → S/0.015 = 1 2 (n 3150; edge cell)
  [500001, 'III', '0.025', 'TIGHTENED', ['R', 3150, 1, 2]], // I: R → II-B R/0.025 ↓ → S/0.025 = 1 2 (n 3150)
  [500001, 'III', '0.015', 'NORMAL', ['R', 800, 0, 1]], // I: R → II-A R/0.015 (edge cell, stored ↑) → Q ↑ → P/0.015 = 0 1 (n 800)
  [500001, 'III', '0.015', 'REDUCED', ['R', 315, 0, 1]], // I: R → II-C R/0.015 (edge cell, stored ↑) → Q ↑ → P/0.015 = 0 1 (n 315)
  [1000000, 'III', '0.025', 'NORMAL', ['R', 2000, 1, 2]], // I: R → II-A R/0.025 = 1 2
];

describe('samplingPlan: cases read in the tables', () => {
  it.each(CASES)('lot %i, level %s, AQL %s, %s', (lotSize, level, aql, inspection, [letter, sampleSize, accept, reject]) => {
    expect(samplingPlan({ lotSize, level, aql, inspection })).toEqual({ codeLetter: letter, sampleSize, accept, reject });
  });

  it('covers every level, every AQL and the three inspections', () => {
    expect(new Set(CASES.map((c) => c[1]))).toEqual(new Set(AQL_LEVELS));
    expect(new Set(CASES.map((c) => c[2]))).toEqual(new Set(AQL_LIMITS));
    expect(new Set(CASES.map((c) => c[3]))).toEqual(new Set(INSPECTIONS));
    expect(CASES.length).toBeGreaterThanOrEqual(40);
  });

  it('is NORMAL by default and reads the AQL as a number', () => {
    const plan = { codeLetter: 'J', sampleSize: 80, accept: 5, reject: 6 };
    expect(samplingPlan({ lotSize: 1000, level: 'II', aql: '2.5' })).toEqual(plan);
    expect(samplingPlan({ lotSize: 1000, level: 'II', aql: '2.50' })).toEqual(plan);
    expect(samplingPlan({ lotSize: 1000, level: 'II', aql: 2.5 })).toEqual(plan);
    expect(normalizeAql('0.01')).toBe('0.010');
    expect(normalizeAql('10.0')).toBe('10');
    expect(normalizeAql('4')).toBe('4.0');
  });

  it('refuses input outside the tables with the field and message key', () => {
    const refused = (query: Parameters<typeof samplingPlan>[0]) => {
      try {
        samplingPlan(query);
      } catch (error) {
        expect(error).toBeInstanceOf(AqlInputError);
        return [(error as AqlInputError).field, (error as AqlInputError).key];
      }
      throw new Error('accepted');
    };
    expect(refused({ lotSize: 1, level: 'II', aql: '2.5' })).toEqual(['lotSize', 'error.aql.lotSize']);
    expect(refused({ lotSize: 10.5, level: 'II', aql: '2.5' })).toEqual(['lotSize', 'error.aql.lotSize']);
    expect(refused({ lotSize: Number.NaN, level: 'II', aql: '2.5' })).toEqual(['lotSize', 'error.aql.lotSize']);
    expect(refused({ lotSize: 100, level: 'IV', aql: '2.5' })).toEqual(['level', 'error.aql.level']);
    expect(refused({ lotSize: 100, level: 'ii', aql: '2.5' })).toEqual(['level', 'error.aql.level']);
    for (const aql of ['3', '0', '15', 'abc', '', '-2.5', '2.5e0']) expect(refused({ lotSize: 100, level: 'II', aql })).toEqual(['aql', 'error.aql.aql']);
    expect(refused({ lotSize: 100, level: 'II', aql: '2.5', inspection: 'normal' })).toEqual(['inspection', 'error.aql.inspection']);
  });
});

describe('severityPlan: zero tolerance', () => {
  it('a critical AQL "0" takes the sample of the general plan, accept 0 / reject 1', () => {
    // I: J → II-A J/2.5 (n 80): the critical class is checked on those 80 items, 0 / 1.
    expect(severityPlan({ lotSize: 1000, level: 'II', aql: '0', generalAql: '2.5' })).toEqual({ codeLetter: 'J', sampleSize: 80, accept: 0, reject: 1 });
    // I: 9–15/II = B → II-A B/2.5 ↓ → C/2.5 = 0 1 (n 5).
    expect(severityPlan({ lotSize: 10, level: 'II', aql: 0, generalAql: '2.5' })).toEqual({ codeLetter: 'B', sampleSize: 5, accept: 0, reject: 1 });
    // Tightened: II-B J/2.5 (n 80).
    expect(severityPlan({ lotSize: 1000, level: 'II', aql: '0.0', generalAql: '2.5', inspection: 'TIGHTENED' })).toEqual({ codeLetter: 'J', sampleSize: 80, accept: 0, reject: 1 });
  });

  it('any other AQL is the plan of the tables', () => {
    expect(severityPlan({ lotSize: 1000, level: 'II', aql: '4.0', generalAql: '2.5' })).toEqual({ codeLetter: 'J', sampleSize: 80, accept: 7, reject: 8 });
    expect(() => severityPlan({ lotSize: 1000, level: 'II', aql: '0' })).toThrow(AqlInputError);
  });
});

describe('the tables as stored (schemas/aql.json)', () => {
  const letters16 = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J', 'K', 'L', 'M', 'N', 'P', 'Q', 'R'];

  it('Table I: contiguous lot ranges from 2, one letter per level, growing with the lot and the level', () => {
    const rows = tables.codeLetters.rows;
    expect(rows).toHaveLength(15);
    expect(rows[0].from).toBe(2);
    rows.forEach((row, index) => {
      expect(row.letters).toHaveLength(AQL_LEVELS.length);
      if (index > 0) expect(row.from).toBe(rows[index - 1].to! + 1);
      for (let level = 1; level < row.letters.length; level++) expect(letters16.indexOf(row.letters[level])).toBeGreaterThanOrEqual(letters16.indexOf(row.letters[level - 1]));
      if (index > 0) row.letters.forEach((letter, level) => expect(letters16.indexOf(letter)).toBeGreaterThanOrEqual(letters16.indexOf(rows[index - 1].letters[level])));
    });
    expect(rows.at(-1)).toEqual({ from: 500001, to: null, letters: ['D', 'E', 'H', 'K', 'N', 'Q', 'R'] });
    expect(codeLetter(8, 'II')).toBe('A');
    expect(codeLetter(9, 'II')).toBe('B');
    expect(codeLetter(150, 'S-3')).toBe('C');
    expect(codeLetter(150, 'S-4')).toBe('D');
    expect(codeLetter(10 ** 9, 'S-1')).toBe('D');
  });

  it('sample sizes: A 2 … R 2000 (S 3150 tightened only); reduced as Z1.4 Table II-C', () => {
    const normal = [2, 3, 5, 8, 13, 20, 32, 50, 80, 125, 200, 315, 500, 800, 1250, 2000];
    expect(Object.values(AQL_TABLES_GRIDS.NORMAL.sampleSizes)).toEqual(normal);
    expect(Object.keys(AQL_TABLES_GRIDS.NORMAL.sampleSizes)).toEqual(letters16);
    expect(AQL_TABLES_GRIDS.TIGHTENED.sampleSizes).toEqual({ ...AQL_TABLES_GRIDS.NORMAL.sampleSizes, S: 3150 });
    expect(Object.values(AQL_TABLES_GRIDS.REDUCED.sampleSizes)).toEqual([2, 2, 2, 3, 5, 8, 13, 20, 32, 50, 80, 125, 200, 315, 500, 800]);
    expect(AQL_SAMPLE_SIZES).toEqual([...normal, 3150]);
  });

  it.each(INSPECTIONS)('%s: one row per letter, 16 cells each, [Ac, Re] with Ac < Re, or an arrow', (inspection) => {
    const { rows, sampleSizes } = AQL_TABLES_GRIDS[inspection];
    expect(Object.keys(rows)).toEqual(Object.keys(sampleSizes));
    for (const [letter, cells] of Object.entries(rows)) {
      expect(cells, letter).toHaveLength(AQL_LIMITS.length);
      for (const cell of cells) {
        if (Array.isArray(cell)) {
          expect(cell).toHaveLength(2);
          expect(Number.isInteger(cell[0]) && Number.isInteger(cell[1]) && cell[0] >= 0).toBe(true);
          expect(cell[0], `${inspection} ${letter}`).toBeLessThan(cell[1]);
          if (inspection !== 'REDUCED') expect(cell[1]).toBe(cell[0] + 1);
        } else expect(['up', 'down']).toContain(cell);
      }
    }
  });

  it.each(INSPECTIONS)('%s: no arrow points out of the table; down leads to a later row (larger sample), up to an earlier one (smaller sample)', (inspection) => {
    const { rows, sampleSizes } = AQL_TABLES_GRIDS[inspection];
    const letters = Object.keys(rows);
    AQL_LIMITS.forEach((aql, column) => {
      expect(rows[letters[0]][column], `${inspection} ${letters[0]} ${aql}`).not.toBe('up');
      expect(rows[letters.at(-1)!][column], `${inspection} ${letters.at(-1)} ${aql}`).not.toBe('down');
      for (const letter of letters) {
        const cell = rows[letter][column];
        const plan = resolveCell(inspection, letter, aql);
        // Reduced rows A, B and C share the sample size 2: an arrow between them keeps it.
        if (cell === 'down') {
          expect(letters.indexOf(plan.letter)).toBeGreaterThan(letters.indexOf(letter));
          expect(sampleSizes[plan.letter]).toBeGreaterThanOrEqual(sampleSizes[letter]);
        }
        if (cell === 'up') {
          expect(letters.indexOf(plan.letter)).toBeLessThan(letters.indexOf(letter));
          expect(sampleSizes[plan.letter]).toBeLessThanOrEqual(sampleSizes[letter]);
        }
        if (Array.isArray(cell)) expect(plan).toEqual({ letter, accept: cell[0], reject: cell[1] });
      }
    });
  });

  it('a column never accepts more on a smaller sample (plans grow down each column)', () => {
    for (const inspection of INSPECTIONS) {
      const letters = Object.keys(AQL_TABLES_GRIDS[inspection].rows);
      AQL_LIMITS.forEach((aql) => {
        const accepts = letters.map((letter) => resolveCell(inspection, letter, aql).accept);
        accepts.slice(1).forEach((accept, index) => expect(accept, `${inspection} ${aql}`).toBeGreaterThanOrEqual(accepts[index]));
      });
    }
  });

  it('tightened never accepts more than normal on the same letter and AQL; reduced never samples more', () => {
    for (const letter of letters16) {
      for (const aql of AQL_LIMITS) {
        const normal = resolveCell('NORMAL', letter, aql);
        const tightened = resolveCell('TIGHTENED', letter, aql);
        const reduced = resolveCell('REDUCED', letter, aql);
        if (tightened.letter === normal.letter) expect(tightened.accept, `${letter} ${aql}`).toBeLessThanOrEqual(normal.accept);
        expect(AQL_TABLES_GRIDS.REDUCED.sampleSizes[reduced.letter], `${letter} ${aql}`).toBeLessThanOrEqual(AQL_TABLES_GRIDS.NORMAL.sampleSizes[normal.letter]);
      }
    }
  });

  it('Table II-B rows E–K at AQL 0.65–10 read as in the MIL-STD-105E copy (Re numbers; ↓ arrows)', () => {
    const re = (letter: string) => AQL_LIMITS.slice(9).map((aql, index) => {
      const cell = AQL_TABLES_GRIDS.TIGHTENED.rows[letter][9 + index];
      return Array.isArray(cell) ? cell[1] : cell === 'down' ? '↓' : '↑';
    });
    expect(re('E')).toEqual(['↓', '↓', 1, '↓', '↓', 2, 3]);
    expect(re('F')).toEqual(['↓', 1, '↓', '↓', 2, 3, 4]);
    expect(re('G')).toEqual([1, '↓', '↓', 2, 3, 4, 6]);
    expect(re('H')).toEqual(['↓', '↓', 2, 3, 4, 6, 9]);
    expect(re('J')).toEqual(['↓', 2, 3, 4, 6, 9, 13]);
    expect(re('K')).toEqual([2, 3, 4, 6, 9, 13, 19]);
  });
});
