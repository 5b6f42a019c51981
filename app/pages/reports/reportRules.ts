import type { AppConfig } from '../../../engine/config';
import { reportRules, type ReportRules, type ReportTables } from '../../../domain/report';

const built = new WeakMap<object, ReportRules>();

/**
 * The report rules (domain/report.ts) on the tables GET /back/schemas sent (the server's
 * SCHEMAS_DIR, not the repository's files): built once per configuration answer.
 */
export function reportRulesOf(config: AppConfig): ReportRules {
  const tables = config.tables;
  if (!tables?.aql || !tables.reportStandards) throw new Error('GET /back/schemas sent no reference tables (aql, reportStandards)');
  let rules = built.get(tables);
  if (!rules) built.set(tables, (rules = reportRules(tables as unknown as ReportTables)));
  return rules;
}
