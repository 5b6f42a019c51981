import sharp from 'sharp';
import { languageOf, type AppContext } from '../context';
import { contentDisposition } from '../files/send';
import { filesOf, type FileRow } from '../files/entries';
import type { FileStorage } from '../files/storage';
import { translate, type Language } from '../i18n';
import { companyById, contactById, fullName } from '../identity';
import type { Reader, Row } from '../store/types';
import type { ServiceRow } from '../services/access';
import { isPieceMode, SEVERITIES, type Computed } from '../../domain/report';
import { defectLibrary, type LibraryDefect } from './library';
import { renderReportPdf, type LabelValue, type PdfDefectGroup, type PdfLabels, type PdfPicture, type ReportPdfInput } from './pdf';
import { decisionTone } from '../../domain/decisionTone';
import { pdfCustomValues } from './pdfCustomValues';

/**
 * GET /back/bo/reports/{serviceId}/pdf (rights and step checked by routes.ts): what the PDF shows,
 * gathered in the caller's language, then rendered by pdf.ts. Schema and enum labels come from
 * the registry's locales, the document's own texts from the `pdf.*` server messages.
 */
/** Pictures of the defects (a report may name hundreds), then other images of the service. */
const DEFECT_PICTURES = 36;
const OTHER_PICTURES = 6;
const PICTURE_SIDE = 480;
const MAX_PIXELS = 64_000_000;
const PICTURE_TYPES = new Set(['image/jpeg', 'image/png']);

type Rows = Row[];
const rows = (value: unknown): Rows => (Array.isArray(value) ? (value as Rows) : []);
const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

const LABEL_KEYS: Record<keyof PdfLabels, string> = {
  title: 'pdf.title',
  parties: 'pdf.parties',
  service: 'pdf.service',
  quantities: 'pdf.quantities',
  aql: 'pdf.aql',
  plan: 'pdf.plan',
  defects: 'pdf.defects',
  pictures: 'pdf.pictures',
  verdict: 'pdf.verdict',
  conclusion: 'pdf.conclusion',
  decision: 'pdf.decision',
  poNumber: 'purchaseOrderLine.poNumber',
  designation: 'purchaseOrderLine.designation',
  sku: 'purchaseOrderLine.sku',
  variant: 'pdf.variant',
  ordered: 'pdf.ordered',
  presented: 'pdf.presented',
  inspected: 'pdf.inspected',
  total: 'pdf.total',
  severity: 'reportDefect.severity',
  sampleSize: 'pdf.sampleSize',
  accept: 'pdf.accept',
  reject: 'pdf.reject',
  found: 'pdf.found',
  code: 'defect.code',
  defect: 'defect.localizedName',
  family: 'defect.defectFamilyId',
  category: 'defect.category',
  count: 'reportDefect.count',
  comment: 'reportDefect.comment',
  totalAgainst: 'pdf.totalAgainst',
  noLines: 'pdf.noLines',
  noPlan: 'pdf.noPlan',
  noDefects: 'pdf.noDefects',
  noConclusion: 'pdf.noConclusion',
  page: 'pdf.page',
  generated: 'pdf.generated',
};

/** A label: the registry's (schema and enum labels), else a server message (`pdf.*`). */
function labeller(locales: Record<string, Record<string, string>>, lang: Language) {
  return (key: string) => locales[lang]?.[key] ?? (key.startsWith('pdf.') ? translate(lang, key) : (locales.en?.[key] ?? key));
}

const dateFormat = (lang: Language, withTime = false) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'medium', ...(withTime ? { timeStyle: 'short' } : {}), timeZone: 'UTC' });

function formatDate(lang: Language, value: unknown, withTime = false): string {
  if (typeof value !== 'string' || !value) return '';
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : dateFormat(lang, withTime).format(date) + (withTime ? ' UTC' : '');
}

function addressText(address: unknown): string {
  const a = (address ?? {}) as Record<string, string | undefined>;
  return [a.address1, a.address2, [a.zipCode, a.city].filter(Boolean).join(' '), a.province, a.country].filter(Boolean).join(', ');
}


/** A picture at a moderate size (JPEG), oriented by its EXIF tag; undefined when unreadable. */
async function pictureOf(storage: FileStorage, file: FileRow, caption: string): Promise<PdfPicture | undefined> {
  try {
    const data = await sharp(storage.blobPath(file.hash), { animated: false, limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({ width: PICTURE_SIDE, height: PICTURE_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 72 })
      .toBuffer();
    return { data, mimeType: 'image/jpeg', caption };
  } catch {
    return undefined;
  }
}

/** Each defect's pictures (captioned with the defect), then a few other images of the service. */
async function pictures(db: Reader, storage: FileStorage, service: ServiceRow, report: Row, library: Map<number, LibraryDefect>): Promise<PdfPicture[]> {
  const files = (await filesOf(db, service.universeId as number, 'SERVICE', service.serviceId as number)).filter((file) => PICTURE_TYPES.has(file.mimeType));
  const byId = new Map(files.map((file) => [file.fileId, file]));
  const chosen: { file: FileRow; caption: string }[] = [];
  const used = new Set<number>();
  for (const defect of rows(report.defects)) {
    const known = library.get(defect.defectId as number);
    for (const fileId of (defect.pictures as number[] | undefined) ?? []) {
      const file = byId.get(fileId);
      if (!file || used.has(fileId) || used.size >= DEFECT_PICTURES) continue;
      used.add(fileId);
      chosen.push({ file, caption: known ? known.localizedNameWithCode : file.fileName });
    }
  }
  chosen.push(...files.filter((file) => !used.has(file.fileId)).slice(0, OTHER_PICTURES).map((file) => ({ file, caption: file.fileName })));
  const made: PdfPicture[] = [];
  // One after the other: sharp decodes on its own threads.
  for (const { file, caption } of chosen) {
    const picture = await pictureOf(storage, file, caption);
    if (picture) made.push(picture);
  }
  return made;
}

/** Everything the PDF shows, in `lang`. */
export async function reportPdfInput(c: AppContext, service: ServiceRow, report: Row, lang: Language): Promise<ReportPdfInput> {
  const { db, files, registry } = c.get('services');
  const label = labeller(registry.locales, lang);
  const enumLabel = (name: string, value: unknown) => (value === undefined || value === null ? '' : label(`enum.${name}.${String(value)}`));
  const number = text(service.number);
  const computed = (report.computed ?? {}) as Partial<Computed>;
  const library = new Map((await defectLibrary(db, service, lang, 'keep')).map((defect) => [defect.defectId, defect]));

  const companyName = async (id: unknown) => (await companyById(db, id))?.name ?? '';
  const parties: LabelValue[] = [];
  for (const field of ['client', 'supplier', 'factory', 'agent', 'serviceProvider']) {
    if (service[field] !== undefined) parties.push({ label: label(`service.${field}`), value: await companyName(service[field]) });
  }

  const serviceFacts: LabelValue[] = [
    { label: label('service.number'), value: number },
    { label: label('service.type'), value: enumLabel('serviceType', service.type) },
    { label: label('report.reportType'), value: enumLabel('reportType', report.reportType) },
    { label: label('service.startDate'), value: formatDate(lang, service.startDate) },
    { label: label('service.endDate'), value: formatDate(lang, service.endDate) },
    { label: label('pdf.reportDate'), value: formatDate(lang, report.updateDate ?? report.creationDate) },
    { label: label('service.address'), value: addressText(service.address) },
  ];

  const orderLines = new Map(rows(service.purchaseOrderLines).map((line) => [line.purchaseOrderLineId, line]));
  const lines = rows(report.lines).map((line) => {
    const order = orderLines.get(line.purchaseOrderLineId) ?? {};
    return {
      poNumber: text(order.poNumber),
      designation: text(order.designation),
      sku: text(order.sku),
      variant: [order.color, order.size].filter(Boolean).map(String).join(' / '),
      ordered: Number(line.orderedQuantity ?? 0),
      presented: Number(line.presentedQuantity ?? 0),
      inspected: Number(line.inspectedQuantity ?? 0),
    };
  });

  const aql = (report.aql ?? {}) as Record<string, string>;
  const aqlFacts: LabelValue[] = [
    { label: label('report.standard'), value: enumLabel('reportStandard', report.standard) },
    { label: label('report.inspectionMode'), value: enumLabel('inspectionMode', report.inspectionMode) },
    { label: label('report.aql.level'), value: enumLabel('aqlLevel', aql.level) },
    { label: label('report.aql.inspection'), value: enumLabel('aqlInspection', aql.inspection) },
    { label: label('report.aql.critical'), value: text(aql.critical) },
    { label: label('report.aql.major'), value: text(aql.major) },
    { label: label('report.aql.minor'), value: text(aql.minor) },
    { label: label('report.computed.lotSize'), value: text(computed.lotSize) },
    { label: label('report.computed.codeLetter'), value: text(computed.codeLetter) },
  ];
  const totals = computed.totals ?? { CRITICAL: 0, MAJOR: 0, MINOR: 0 };
  const plan = computed.plans
    ? SEVERITIES.map((severity) => ({ severity: enumLabel('severity', severity), ...computed.plans![severity], found: totals[severity] ?? 0 }))
    : [];

  // The piece modes count failed pieces (compute.ts): their rows are those pieces, one each.
  const found: Rows = isPieceMode(report.inspectionMode)
    ? rows(report.inspectedPieces)
        .filter((piece) => piece.result === 'FAILED')
        .map((piece) => ({ ...piece, severity: piece.severity ?? 'MAJOR', count: 1, comment: [`#${text(piece.pieceNumber)}`, text(piece.comment)].filter(Boolean).join(' · ') }))
    : rows(report.defects);
  const defectGroups: PdfDefectGroup[] = SEVERITIES.map((severity) => ({
    severity: enumLabel('severity', severity),
    defects: found
      .filter((defect) => defect.severity === severity)
      .map((defect) => {
        const known = library.get(defect.defectId as number);
        return {
          code: known?.code ?? '',
          name: known?.localizedName ?? '',
          family: known?.family ?? '',
          category: known ? enumLabel('defectCategory', known.category) : '',
          count: Number(defect.count ?? 0),
          comment: text(defect.comment),
        };
      }),
    total: totals[severity] ?? 0,
    ...(computed.plans ? { accept: computed.plans[severity].accept, reject: computed.plans[severity].reject } : {}),
  }));

  const goodsNotReady = report.reportType === 'GNR';
  const verdictFacts: LabelValue[] = [
    { label: label('report.reportResult'), value: enumLabel('reportResult', report.reportResult) },
    { label: label('report.computed.result'), value: enumLabel('reportResult', computed.result) },
  ];
  if (report.resultOverride !== undefined) {
    verdictFacts.push({ label: label('report.resultOverride'), value: enumLabel('reportResult', report.resultOverride) });
    if (report.overrideReason) verdictFacts.push({ label: label('report.overrideReason'), value: text(report.overrideReason) });
  }

  const decision = (report.decision ?? {}) as Row;
  const decided = decision.clientDecision !== undefined && decision.clientDecision !== 'PENDING';
  const decider = decided ? await contactById(db, decision.decidedBy) : undefined;
  const decisionFacts: LabelValue[] = decided
    ? [
        { label: label('report.decision.clientDecision'), value: enumLabel('clientDecision', decision.clientDecision) },
        { label: label('report.decision.decidedBy'), value: decider ? fullName(decider) : '' },
        { label: label('report.decision.decisionDate'), value: formatDate(lang, decision.decisionDate, true) },
        ...(decision.comment ? [{ label: label('report.decision.comment'), value: text(decision.comment) }] : []),
      ]
    : [];

  return {
    labels: Object.fromEntries(Object.entries(LABEL_KEYS).map(([name, key]) => [name, label(key)])) as unknown as PdfLabels,
    serviceNumber: number,
    verdict: { label: goodsNotReady ? enumLabel('reportType', 'GNR') : enumLabel('reportResult', report.reportResult), tone: decisionTone(report.reportResult, report.reportType) },
    parties,
    service: serviceFacts,
    details: await pdfCustomValues(db, service, report, { lang, label, date: (value, withTime) => formatDate(lang, value, withTime) }),
    lines,
    aql: aqlFacts,
    plan,
    defectGroups,
    pictures: await pictures(db, files, service, report, library),
    verdictFacts,
    conclusion: text(report.conclusion),
    decision: decided
      ? { label: enumLabel('clientDecision', decision.clientDecision), tone: decisionTone(decision.clientDecision), facts: decisionFacts }
      : { label: label('pdf.waitingDecision'), tone: 'other', facts: decisionFacts },
    generatedAt: formatDate(lang, new Date().toISOString(), true),
  };
}

export async function reportPdfResponse(c: AppContext, service: ServiceRow, report: Row): Promise<Response> {
  const pdf = await renderReportPdf(await reportPdfInput(c, service, report, languageOf(c)));
  return c.body(new Uint8Array(pdf), 200, {
    'Content-Type': 'application/pdf',
    'Content-Length': String(pdf.length),
    'Content-Disposition': contentDisposition(`${text(service.number)}-report.pdf`),
    'Cache-Control': 'private, no-store',
  });
}
