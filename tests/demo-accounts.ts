/** The demo accounts of the API contract (SEED=demo), shared by the API and browser tests. */
export const DEMO_PASSWORD = 'Demo-Pass-2026!';

export const ACCOUNTS = {
  admin: 'admin@qcflow.test',
  manager: 'manager@inspect.test',
  inspector: 'inspector@inspect.test',
  quality: 'quality@brand.test',
  buyer: 'buyer@brand.test',
  sales: 'sales@supplier.test',
  outsider: 'outsider@other.test',
} as const;
