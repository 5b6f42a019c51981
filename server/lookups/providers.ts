import type { Row } from '../store/types';

/**
 * Lists the server computes for lookups.json's `provider` sources (docs/schemas.md "Lookups"): a
 * feature registers its list by name when its module loads, the generic lookup answers it. A
 * provider narrows itself by the call's parameters (already checked against the source's `params`).
 */
export type LookupProvider = (params: Record<string, unknown[]>) => Promise<Row[]>;

const providers = new Map<string, LookupProvider>();

export function registerLookupProvider(name: string, provider: LookupProvider): void {
  providers.set(name, provider);
}

/** The items of a registered provider; an unregistered name lists nothing. */
export async function providedItems(name: string, params: Record<string, unknown[]>): Promise<Row[]> {
  return (await providers.get(name)?.(params)) ?? [];
}
