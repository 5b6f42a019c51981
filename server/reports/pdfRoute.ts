import type { AppContext } from '../context';
import type { Row } from '../store/types';
import type { ServiceRow } from '../services/access';

/** Placeholder: the inspection report as a PDF (pdf branch). */
export async function reportPdfResponse(c: AppContext, service: ServiceRow, report: Row): Promise<Response> {
  void service;
  void report;
  return c.body(new Uint8Array(), 200, { 'Content-Type': 'application/pdf' });
}
