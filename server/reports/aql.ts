/** Placeholder until the ISO 2859-1 tables land (branch aql): normal level II only. */
export function samplingPlan(input: { lotSize: number; level: string; aql: string; inspection: string }): { codeLetter: string; sampleSize: number; accept: number; reject: number } {
  void input;
  return { codeLetter: 'J', sampleSize: 80, accept: 5, reject: 6 };
}
