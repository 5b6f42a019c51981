import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import pdfmake from 'pdfmake';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { DECISION_COLORS, type DecisionTone } from '../../domain/decisionTone';

/**
 * The inspection report as a PDF (A4 portrait), drawn with pdfmake from a plain input that
 * pdfRoute.ts gathers: every text arrives localized, the renderer only lays it out. Roboto (shipped
 * with pdfmake) is embedded, so French and Italian accents, « » and ’ render.
 */

/** Decision colours of the spec: green accepted/subjected, red refused/goods not ready, amber otherwise. */

export interface LabelValue {
  label: string;
  value: string;
}

/** A block of custom values (the report's, the pieces'): a heading, then groups of facts under their own titles. */
export interface PdfDetails {
  heading: string;
  groups: { title?: string; facts: LabelValue[] }[];
}

export interface PdfQuantityLine {
  poNumber: string;
  designation: string;
  sku: string;
  variant: string;
  ordered: number;
  presented: number;
  inspected: number;
}

export interface PdfPlanRow {
  severity: string;
  sampleSize: number;
  accept: number;
  reject: number;
  found: number;
}

export interface PdfDefect {
  code: string;
  name: string;
  family: string;
  category: string;
  count: number;
  comment: string;
}

export interface PdfDefectGroup {
  severity: string;
  defects: PdfDefect[];
  total: number;
  /** The plan of that severity, when the report has one. */
  accept?: number;
  reject?: number;
}

export interface PdfPicture {
  /** JPEG or PNG bytes, already at a moderate size. */
  data: Buffer;
  mimeType: 'image/jpeg' | 'image/png';
  caption: string;
}

/** Texts of the document itself (pdf.* keys and schema labels, in the caller's language). */
export interface PdfLabels {
  title: string;
  parties: string;
  service: string;
  quantities: string;
  aql: string;
  plan: string;
  defects: string;
  pictures: string;
  verdict: string;
  conclusion: string;
  decision: string;
  poNumber: string;
  designation: string;
  sku: string;
  variant: string;
  ordered: string;
  presented: string;
  inspected: string;
  total: string;
  severity: string;
  sampleSize: string;
  accept: string;
  reject: string;
  found: string;
  code: string;
  defect: string;
  family: string;
  category: string;
  count: string;
  comment: string;
  totalAgainst: string;
  noLines: string;
  noPlan: string;
  noDefects: string;
  noConclusion: string;
  /** "Page {page} / {pages}" */
  page: string;
  /** "Generated on {date}" */
  generated: string;
}

export interface ReportPdfInput {
  labels: PdfLabels;
  serviceNumber: string;
  verdict: { label: string; tone: DecisionTone };
  parties: LabelValue[];
  service: LabelValue[];
  /** The report's custom values and its pieces' (none: nothing printed). */
  details?: PdfDetails[];
  lines: PdfQuantityLine[];
  aql: LabelValue[];
  plan: PdfPlanRow[];
  defectGroups: PdfDefectGroup[];
  pictures: PdfPicture[];
  /** Result, computed result, override reason… */
  verdictFacts: LabelValue[];
  conclusion: string;
  decision: { label: string; tone: DecisionTone; facts: LabelValue[] };
  /** The generation date, formatted for the reader. */
  generatedAt: string;
  /** Plain text streams, for tests that read the file (default: compressed). */
  compress?: boolean;
}

const INK = '#212529';
const MUTED = '#868e96';
const BAND = '#1c2b39';
const RULE = '#dee2e6';
const HEAD_FILL = '#f1f3f5';
const PAGE_MARGIN = 36;
const PICTURE_SIDE = 150;
const PICTURES_PER_ROW = 3;
/** Defect groups up to this many rows are never split over two pages. */
const UNBROKEN_GROUP = 12;

const require = createRequire(import.meta.url);
const robotoDir = `${dirname(require.resolve('pdfmake/fonts/Roboto.js'))}/Roboto`;
const ROBOTO = {
  normal: `${robotoDir}/Roboto-Regular.ttf`,
  bold: `${robotoDir}/Roboto-Medium.ttf`,
  italics: `${robotoDir}/Roboto-Italic.ttf`,
  bolditalics: `${robotoDir}/Roboto-MediumItalic.ttf`,
};
pdfmake.setFonts({ Roboto: ROBOTO });
// No downloads and no local file but the fonts: images arrive as data URLs.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => Object.values(ROBOTO).includes(path));

const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/** Light horizontal rules, a grey header row, comfortable padding. */
const lightTable = {
  hLineWidth: (i: number, node: { table: { body: unknown[] } }) => (i === 0 || i === node.table.body.length ? 0.8 : 0.5),
  vLineWidth: () => 0,
  hLineColor: () => RULE,
  fillColor: (row: number) => (row === 0 ? HEAD_FILL : null),
  paddingLeft: () => 5,
  paddingRight: () => 5,
  paddingTop: () => 3,
  paddingBottom: () => 3,
};

const heading = (text: string): Content => ({ text, style: 'section' });
/** A header row; the columns of `right` (numbers) are right-aligned. */
const head = (texts: string[], right: number[] = []): TableCell[] => texts.map((text, index) => ({ text, style: 'th', alignment: right.includes(index) ? 'right' : 'left' }));
const num = (value: number, extra: Record<string, unknown> = {}): TableCell => ({ text: String(value), alignment: 'right', ...extra });

/** Label/value pairs, in two columns unless `single`. */
function facts(pairs: LabelValue[], single = false): Content {
  const half = single ? pairs.length : Math.ceil(pairs.length / 2);
  const column = (items: LabelValue[]): Content => ({
    table: { widths: [95, '*'], body: items.length ? items.map(({ label, value }) => [{ text: label, style: 'label' }, { text: value || '—' }]) : [['', '']] },
    layout: 'noBorders',
  });
  return single ? column(pairs) : { columns: [column(pairs.slice(0, half)), column(pairs.slice(half))], columnGap: 16 };
}

/** Each block of custom values under its heading, each group under its title, kept with its first facts. */
function details(input: ReportPdfInput): Content[] {
  return (input.details ?? []).flatMap((block) => [
    heading(block.heading),
    ...block.groups.map((group): Content => ({
      stack: [...(group.title ? [{ text: group.title, style: 'subsection' } as Content] : []), facts(group.facts)],
      unbreakable: group.facts.length <= UNBROKEN_GROUP,
    })),
  ]);
}

function quantities(input: ReportPdfInput): Content[] {
  const { labels, lines } = input;
  if (!lines.length) return [heading(labels.quantities), { text: labels.noLines, style: 'muted' }];
  const sum = (key: 'ordered' | 'presented' | 'inspected') => lines.reduce((total, line) => total + line[key], 0);
  return [
    heading(labels.quantities),
    {
      table: {
        headerRows: 1,
        widths: [74, '*', 62, 72, 44, 48, 46],
        body: [
          head([labels.poNumber, labels.designation, labels.sku, labels.variant, labels.ordered, labels.presented, labels.inspected], [4, 5, 6]),
          ...lines.map((line): TableCell[] => [line.poNumber, line.designation, line.sku, line.variant, num(line.ordered), num(line.presented), num(line.inspected)]),
          ...(lines.length > 1 ? [[{ text: labels.total, bold: true, colSpan: 4 }, '', '', '', num(sum('ordered'), { bold: true }), num(sum('presented'), { bold: true }), num(sum('inspected'), { bold: true })] as TableCell[]] : []),
        ],
      },
      layout: lightTable,
    },
  ];
}

function aqlStep(input: ReportPdfInput): Content[] {
  const { labels, plan } = input;
  const found = (row: PdfPlanRow): TableCell => num(row.found, row.found >= row.reject ? { color: DECISION_COLORS.refused, bold: true } : { bold: true });
  return [
    heading(labels.aql),
    facts(input.aql),
    plan.length
      ? {
          margin: [0, 6, 0, 0],
          table: {
            headerRows: 1,
            widths: ['*', 70, 50, 50, 60],
            body: [head([labels.severity, labels.sampleSize, labels.accept, labels.reject, labels.found], [1, 2, 3, 4]), ...plan.map((row): TableCell[] => [row.severity, num(row.sampleSize), num(row.accept), num(row.reject), found(row)])],
          },
          layout: lightTable,
        }
      : { text: labels.noPlan, style: 'muted', margin: [0, 4, 0, 0] },
  ];
}

/** One table per severity: its column and severity rows repeat on a new page and never stand alone. */
function defects(input: ReportPdfInput): Content[] {
  const { labels, defectGroups } = input;
  if (!defectGroups.some((group) => group.defects.length)) return [heading(labels.defects), { text: labels.noDefects, style: 'muted' }];
  // A new header for each table: pdfmake writes layout data into the cells it draws.
  const columns = () => head([labels.code, labels.defect, labels.family, labels.category, labels.count, labels.comment], [4]);
  const tables = defectGroups
    .filter((group) => group.defects.length)
    .map((group): Content => {
      const over = group.reject !== undefined && group.total >= group.reject;
      const against = group.reject !== undefined ? fill(labels.totalAgainst, { accept: group.accept ?? 0, reject: group.reject }) : '';
      const body: TableCell[][] = [
        columns(),
        [{ text: group.severity, colSpan: 6, bold: true, color: BAND, fillColor: '#f8f9fa' }, '', '', '', '', ''],
        ...group.defects.map((defect): TableCell[] => [defect.code, defect.name, defect.family, defect.category, num(defect.count), { text: defect.comment, style: 'small' }]),
        [
          { text: `${labels.total} · ${group.severity}`, colSpan: 4, bold: true, alignment: 'right' },
          '',
          '',
          '',
          num(group.total, { bold: true, color: over ? DECISION_COLORS.refused : INK }),
          { text: against, style: 'small', bold: over, color: over ? DECISION_COLORS.refused : MUTED },
        ],
      ];
      const table: Content = { table: { headerRows: 2, keepWithHeaderRows: 1, dontBreakRows: true, widths: [38, '*', 72, 72, 34, 110], body }, layout: lightTable };
      // A short group moves whole to the next page rather than leave its total alone.
      return { stack: [table], unbreakable: group.defects.length <= UNBROKEN_GROUP, margin: [0, 0, 0, 8] };
    });
  return [heading(labels.defects), ...tables];
}

function pictures(input: ReportPdfInput): Content[] {
  if (!input.pictures.length) return [];
  const cells: Content[] = input.pictures.map((picture) => ({
    stack: [
      { image: `data:${picture.mimeType};base64,${picture.data.toString('base64')}`, fit: [PICTURE_SIDE, PICTURE_SIDE], alignment: 'center' },
      { text: picture.caption, style: 'caption' },
    ],
    unbreakable: true,
  }));
  const rows: Content[][] = [];
  for (let at = 0; at < cells.length; at += PICTURES_PER_ROW) {
    const row = cells.slice(at, at + PICTURES_PER_ROW);
    while (row.length < PICTURES_PER_ROW) row.push({ text: '' });
    rows.push(row);
  }
  return [heading(input.labels.pictures), { table: { widths: Array(PICTURES_PER_ROW).fill('*'), dontBreakRows: true, body: rows }, layout: 'noBorders' }];
}

const badge = (text: string, tone: DecisionTone, fontSize = 12): Content => ({
  table: { body: [[{ text: text.toLocaleUpperCase(), color: '#ffffff', bold: true, fontSize, alignment: 'center', margin: [10, 3, 10, 3] }]] },
  layout: { fillColor: () => DECISION_COLORS[tone], hLineWidth: () => 0, vLineWidth: () => 0 },
});

/** The verdict with its conclusion, then the decision: each kept on one page (a heading never left alone at a page's foot). */
function verdict(input: ReportPdfInput): Content[] {
  const { labels } = input;
  return [
    {
      unbreakable: true,
      stack: [
        heading(labels.verdict),
        { columns: [{ width: 'auto', stack: [badge(input.verdict.label, input.verdict.tone, 10)] }, { width: '*', stack: [facts(input.verdictFacts, true)] }], columnGap: 14 },
        { text: labels.conclusion, style: 'label', margin: [0, 8, 0, 2] },
        input.conclusion ? { text: input.conclusion } : { text: labels.noConclusion, style: 'muted' },
      ],
    },
    {
      unbreakable: true,
      stack: [
        heading(labels.decision),
        { columns: [{ width: 'auto', stack: [badge(input.decision.label, input.decision.tone, 10)] }, { width: '*', stack: input.decision.facts.length ? [facts(input.decision.facts, true)] : [] }], columnGap: 14 },
      ],
    },
  ];
}

/** The header band: title, service number and the verdict badge. */
function band(input: ReportPdfInput): Content {
  return {
    table: {
      widths: ['*', 'auto'],
      body: [
        [
          { stack: [{ text: input.labels.title, fontSize: 20, bold: true, color: '#ffffff' }, { text: input.serviceNumber, fontSize: 12, color: '#ced4da', margin: [0, 2, 0, 0] }], margin: [14, 10, 0, 10] },
          { stack: [badge(input.verdict.label, input.verdict.tone, 13)], margin: [0, 16, 14, 0] },
        ],
      ],
    },
    layout: { fillColor: () => BAND, hLineWidth: () => 0, vLineWidth: () => 0 },
  };
}

export function reportDocument(input: ReportPdfInput): TDocumentDefinitions {
  const { labels } = input;
  return {
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: [PAGE_MARGIN, PAGE_MARGIN, PAGE_MARGIN, 44],
    compress: input.compress ?? true,
    info: { title: `${labels.title} ${input.serviceNumber}`, subject: labels.title, creator: 'QCFlow' },
    defaultStyle: { font: 'Roboto', fontSize: 9, color: INK, lineHeight: 1.15 },
    styles: {
      section: { fontSize: 12, bold: true, color: BAND, margin: [0, 14, 0, 6] },
      subsection: { fontSize: 9.5, bold: true, color: BAND, margin: [0, 4, 0, 2] },
      th: { bold: true, fontSize: 8, color: '#495057' },
      label: { color: MUTED, fontSize: 8.5 },
      muted: { color: MUTED, italics: true },
      small: { fontSize: 8 },
      caption: { fontSize: 7.5, color: '#495057', alignment: 'center', margin: [0, 3, 0, 8] },
    },
    content: [
      band(input),
      heading(labels.parties),
      facts(input.parties),
      heading(labels.service),
      facts(input.service),
      ...details(input),
      ...quantities(input),
      ...aqlStep(input),
      ...defects(input),
      ...verdict(input),
      ...pictures(input),
    ],
    footer: (page: number, pages: number): Content => ({
      margin: [PAGE_MARGIN, 14, PAGE_MARGIN, 0],
      columns: [
        { text: `${labels.title} · ${input.serviceNumber} · ${fill(labels.generated, { date: input.generatedAt })}`, style: 'small', color: MUTED },
        { text: fill(labels.page, { page, pages }), style: 'small', color: MUTED, alignment: 'right', width: 80 },
      ],
    }),
  };
}

/** The PDF bytes of the report. */
export function renderReportPdf(input: ReportPdfInput): Promise<Buffer> {
  return pdfmake.createPdf(reportDocument(input)).getBuffer();
}
