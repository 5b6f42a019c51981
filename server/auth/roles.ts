/** The permission flags of spec §6.2, in its order: schemas and screens name only these. */
export const PERMISSION_FLAGS = [
  'SPA_USER', 'IMPERSONATE', 'ADMIN', 'ADMIN_OPERATION', 'LOCAL_ADMIN', 'SUPER_ADMIN', 'MANAGER', 'CONTRIBUTOR', 'LEGACY_ACCESS',
  'EDIT_GLOBAL_DATA', 'CREATE_CONTACT', 'CREATE_NETWORK', 'PRIVATE_NETWORK', 'CREATE_SERVICE', 'CREATE_SERVICE_INSPECTION',
  'CREATE_SERVICE_AUDIT', 'CREATE_SERVICE_LABORATORY', 'CREATE_SERVICE_CONSULTING', 'SEARCH_SERVICE', 'SEARCH_SERVICE_LEGACY',
  'SERVICE_WORKFLOW', 'SERVICE_DECISION_POWER', 'ALWAYS_OWNER', 'CHECKLIST', 'BILLING_FEE', 'CUSTOM_DEFECT', 'CUSTOM_PRODUCT',
  'CUSTOM_SEASON', 'UNIVERSE_ADMIN', 'COMPANY_ADMIN', 'ASSESSMENT_INTERNAL', 'ASSESSMENT_THIRD_PARTY', 'ASSESSMENT_SELF',
  'REPORT_PIECE_DEFECT_SEVERITY', 'REPORT_PIECE_DEFECT_WEIGHTING', 'REPORT_PIECE_DEFECT_APPRECIATION',
  'SHOW_REPORT_WIZARD_INSPECTION_STATUS',
] as const;

/**
 * The one place that turns an account profile (spec §6.3) into permission flags
 * (spec §6.2). Every logged-in user also gets SPA_USER.
 */
const CREATE_SERVICE = ['CREATE_SERVICE', 'CREATE_SERVICE_INSPECTION', 'CREATE_SERVICE_AUDIT', 'CREATE_SERVICE_LABORATORY', 'CREATE_SERVICE_CONSULTING'];
const ASSESSMENT = ['ASSESSMENT_INTERNAL', 'ASSESSMENT_THIRD_PARTY', 'ASSESSMENT_SELF'];

const LOCAL_MANAGER = [...CREATE_SERVICE, 'SEARCH_SERVICE', 'CREATE_CONTACT'];
const MANAGER = [
  'MANAGER', ...CREATE_SERVICE, 'SEARCH_SERVICE', 'SERVICE_WORKFLOW', 'SERVICE_DECISION_POWER', 'COMPANY_ADMIN',
  'CREATE_CONTACT', 'CREATE_NETWORK', 'BILLING_FEE', 'CHECKLIST', ...ASSESSMENT,
];
const SUPER_ADMIN = [
  ...MANAGER, 'SUPER_ADMIN', 'ADMIN', 'ADMIN_OPERATION', 'LOCAL_ADMIN', 'IMPERSONATE', 'UNIVERSE_ADMIN', 'ALWAYS_OWNER',
  'EDIT_GLOBAL_DATA', 'PRIVATE_NETWORK', 'CUSTOM_DEFECT', 'CUSTOM_PRODUCT', 'CUSTOM_SEASON', 'SEARCH_SERVICE_LEGACY', 'LEGACY_ACCESS',
];

const byProfile: Record<string, string[]> = {
  SUPER_ADMIN,
  OWNER: [...MANAGER, 'LOCAL_ADMIN', 'ALWAYS_OWNER'], // spec §5.5: owner adds the manager role
  MANAGER,
  OFFICE_RESPONSIBLE: MANAGER,
  INTERNATIONAL_RESPONSIBLE: MANAGER,
  LOCAL_OWNER: [...LOCAL_MANAGER, 'LOCAL_ADMIN', 'COMPANY_ADMIN'],
  LOCAL_MANAGER,
  ADMIN_ACCOUNTING: ['BILLING_FEE', 'SEARCH_SERVICE'],
  ADMIN_OPERATION: ['ADMIN_OPERATION', 'SEARCH_SERVICE', 'SERVICE_WORKFLOW'],
  // Inspectors open the services of their company to write reports (docs/reports.md).
  CONTRIBUTOR: ['CONTRIBUTOR', 'SEARCH_SERVICE'],
};

/** The union of the flags of every profile the account holds. */
export function permissionFlags(profiles: readonly string[] | undefined): string[] {
  return [...new Set(['SPA_USER', ...(profiles ?? []).flatMap((profile) => (Object.hasOwn(byProfile, profile) ? byProfile[profile] : []))])];
}

/** Profiles that manage within their own company only (spec §6.3 "local manager"): they hold no MANAGER flag. */
const LOCAL_MANAGING_PROFILES = new Set(['LOCAL_MANAGER', 'LOCAL_OWNER']);

/**
 * One of its company's managers: the MANAGER flag (MANAGER, OWNER, OFFICE_RESPONSIBLE,
 * INTERNATIONAL_RESPONSIBLE, SUPER_ADMIN profiles) or a local manager's profile. A right still
 * needs the company's role on the record (DESIGN rule 11).
 */
export function isCompanyManager(flags: ReadonlySet<string>, profiles: readonly string[] | undefined): boolean {
  return flags.has('MANAGER') || (profiles ?? []).some((profile) => LOCAL_MANAGING_PROFILES.has(profile));
}
