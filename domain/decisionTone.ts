/**
 * The spec's decision colours (§9): green for accepted or subjected, red for refused or goods not
 * ready, amber otherwise. One rule for the service sheet's badges, the decision dialog and the PDF
 * (pure: the browser imports it too).
 */
export type DecisionTone = 'accepted' | 'refused' | 'other';

export const DECISION_COLORS: Record<DecisionTone, string> = { accepted: '#12b886', refused: '#fa5252', other: '#f59f00' };

/** The tone of a report result or a client decision; a goods-not-ready report reads as refused. */
export function decisionTone(value: unknown, reportType?: unknown): DecisionTone {
  if (reportType === 'GNR' || value === 'REFUSED') return 'refused';
  if (value === 'ACCEPTED' || value === 'SUBJECTED') return 'accepted';
  return 'other';
}
