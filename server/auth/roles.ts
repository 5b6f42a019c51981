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
  CONTRIBUTOR: ['CONTRIBUTOR'],
};

/** The union of the flags of every profile the account holds. */
export function permissionFlags(profiles: readonly string[] | undefined): string[] {
  return [...new Set(['SPA_USER', ...(profiles ?? []).flatMap((profile) => (Object.hasOwn(byProfile, profile) ? byProfile[profile] : []))])];
}
