import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DECISION_COLORS } from '../../domain/decisionTone';
import { renderReportPdf, reportDocument, type PdfLabels, type ReportPdfInput } from '../../server/reports/pdf';
import { readPdf } from '../support/readPdf';

/** The report renderer alone (server/reports/pdf.ts): French text, totals against Ac/Re, pictures, pages. */
const labels: PdfLabels = {
  title: 'Rapport d’inspection',
  parties: 'Intervenants',
  service: 'Inspection',
  quantities: 'Quantités par ligne de commande',
  aql: 'Échantillonnage (NQA)',
  plan: 'Plan',
  defects: 'Défauts constatés',
  pictures: 'Photos',
  verdict: 'Verdict',
  conclusion: 'Conclusion',
  decision: 'Décision du client',
  poNumber: 'N° de commande',
  designation: 'Désignation',
  sku: 'SKU',
  variant: 'Couleur / taille',
  ordered: 'Commandé',
  presented: 'Présenté',
  inspected: 'Contrôlé',
  total: 'Total',
  severity: 'Gravité',
  sampleSize: 'Échantillon',
  accept: 'Ac',
  reject: 'Re',
  found: 'Constatés',
  code: 'Code',
  defect: 'Défaut',
  family: 'Famille',
  category: 'Catégorie',
  count: 'Nombre',
  comment: 'Commentaire',
  totalAgainst: 'Ac {accept} / Re {reject}',
  noLines: 'Aucune ligne',
  noPlan: 'Pas de plan',
  noDefects: 'Aucun défaut',
  noConclusion: 'Aucune conclusion',
  page: 'Page {page} / {pages}',
  generated: 'généré le {date}',
};

async function input(pictures = 0): Promise<ReportPdfInput> {
  const image = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#4dabf7' } }).jpeg().toBuffer();
  return {
    labels,
    serviceNumber: 'S-004242',
    verdict: { label: 'Refusé', tone: 'refused' },
    parties: [{ label: 'Client', value: 'Maison Lumière' }, { label: 'Usine', value: 'Filature de l’Étoile' }],
    service: [{ label: 'Type', value: 'Inspection finale' }],
    lines: [{ poNumber: 'PO-1', designation: 'Chemise à manches longues', sku: 'SKU-1', variant: 'Écru / M', ordered: 500, presented: 480, inspected: 80 }],
    aql: [{ label: 'Niveau', value: 'II' }],
    plan: [
      { severity: 'Critique', sampleSize: 80, accept: 0, reject: 1, found: 0 },
      { severity: 'Majeur', sampleSize: 80, accept: 5, reject: 6, found: 7 },
    ],
    defectGroups: [
      { severity: 'Critique', defects: [], total: 0, accept: 0, reject: 1 },
      {
        severity: 'Majeur',
        defects: [
          { code: 'COU-01', name: 'Couture décousue', family: 'Confection', category: 'Qualité', count: 4, comment: '« visible à 1 m »' },
          { code: 'TAC-02', name: 'Tache d’huile', family: 'Aspect', category: 'Aspect', count: 3, comment: '' },
        ],
        total: 7,
        accept: 5,
        reject: 6,
      },
    ],
    pictures: Array.from({ length: pictures }, (_, index) => ({ data: image, mimeType: 'image/jpeg' as const, caption: `Photo n° ${index + 1}` })),
    verdictFacts: [{ label: 'Résultat', value: 'Refusé' }],
    conclusion: 'Lot refusé : reprise nécessaire avant l’expédition.',
    decision: { label: 'En attente de la décision', tone: 'other', facts: [] },
    generatedAt: '26 nov. 2026',
  };
}

/** Every table cell of the document definition, flattened. */
function cells(node: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(node)) node.forEach((item) => cells(item, out));
  else if (node && typeof node === 'object') {
    out.push(node as Record<string, unknown>);
    Object.values(node).forEach((value) => cells(value, out));
  }
  return out;
}

describe('the report renderer', () => {
  it('writes French text with its accents, quotes and apostrophes, and numbers its pages', async () => {
    const bytes = await renderReportPdf(await input());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text, pages } = await readPdf(bytes);
    for (const expected of ['Rapport d’inspection', 'S-004242', 'REFUSÉ', 'Filature de l’Étoile', 'Chemise à manches longues', '« visible à 1 m »', 'Tache d’huile', 'Lot refusé : reprise nécessaire avant l’expédition.', 'EN ATTENTE DE LA DÉCISION', 'généré le 26 nov. 2026']) {
      expect(text).toContain(expected);
    }
    expect(text).toContain(`Page 1 / ${pages}`);
  });

  it('shows a total at or above Re in red, one below in ink, and the badge in the verdict colour', async () => {
    const document = reportDocument(await input());
    const all = cells(document.content);
    const totals = all.filter((cell) => cell.text === 'Ac 5 / Re 6');
    expect(totals).toHaveLength(1);
    expect(totals[0].color).toBe(DECISION_COLORS.refused);
    const found = all.filter((cell) => cell.text === '7' && cell.alignment === 'right');
    expect(found.length).toBeGreaterThanOrEqual(2);
    for (const cell of found) expect(cell.color).toBe(DECISION_COLORS.refused);
    const below = await input();
    below.defectGroups[1] = { ...below.defectGroups[1], total: 5 };
    const calm = cells(reportDocument(below).content).find((cell) => cell.text === 'Ac 5 / Re 6')!;
    expect(calm.color).not.toBe(DECISION_COLORS.refused);
    const badges = all.filter((cell) => cell.text === 'REFUSÉ');
    expect(badges.length).toBe(2);
  });

  it('lays out the pictures with their captions over as many pages as they need', async () => {
    const bytes = await renderReportPdf(await input(9));
    const { text, images, pages } = await readPdf(bytes);
    expect(images).toBe(9);
    for (let number = 1; number <= 9; number++) expect(text).toContain(`Photo n° ${number}`);
    expect(pages).toBeGreaterThan(1);
    const without = await readPdf(await renderReportPdf(await input()));
    expect(without.images).toBe(0);
    expect(without.text).not.toContain('Photos');
  });
});
