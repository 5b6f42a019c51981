/**
 * A lookup of spec §7.9 as the configuration declares it (schemas/lookups.json, docs/schemas.md
 * "Lookups"): where it answers, what it lists, how an item is named, which parameters narrow it
 * and whose records the caller may see. server/schemaCheck/lookups.ts checks the file.
 */
export type LookupScope = 'company' | 'partners' | 'network' | 'universe' | 'global' | 'entity';

/** A field value, or several (an `in`). */
export type LookupWhere = Record<string, string | number | boolean | (string | number | boolean)[]>;

export interface LookupParam {
  /** `id` (a positive integer), `text`, or `boolean`; `enum` names an enum of enums.json instead. */
  type?: 'id' | 'text' | 'boolean';
  enum?: string;
  /** The field the value narrows on; none: the parameter is accepted and checked but does not narrow. */
  field?: string;
  /** Several fields: an item matches when one of them holds the value. */
  fields?: string[];
  /** The fields follow another parameter's value (a company playing the role `serviceRole` names). */
  fieldsBy?: { param: string; fields: Record<string, string[]> };
  /** `prefix`: the field's value starts with the parameter's value and `_` (INSP → INSP_FINAL_RANDOM). */
  match?: 'prefix';
  /**
   * A boolean parameter that, when true, answers with this scope instead of the source's (spec §7.9
   * serviceproviders' `includeUniverse`: the universe's rather than the network's). A written value
   * is accepted when one of the two scopes offers it.
   */
  scope?: LookupScope;
}

/** A label: a field, the first non-empty of several fields, or a template of `{field}` parts. */
export type LookupLabel = string | string[] | { template: string };

export interface LookupSource {
  paths: string[];
  summary: string;
  /** An enum of enums.json (labels `enum.<name>.<VALUE>`); `values` picks and orders some of them. */
  enum?: string;
  values?: string[];
  /** A fixed list of items (each with a `value` and the fields its parameters narrow on). */
  list?: Record<string, string | number>[];
  /**
   * A list the server computes (a name registered with `registerLookupProvider`, server/lookups/providers.ts):
   * a table too large for this file, such as a gazetteer's provinces. It takes the call's parameters and narrows itself.
   */
  provider?: string;
  /** Records of a collection. */
  collection?: string;
  /** The distinct values of a field over the visible records of these collections. */
  distinct?: string;
  collections?: string[];
  /** The record field that is the item's value (collection sources). */
  value?: string;
  label?: LookupLabel;
  /** Top-level text fields `q` searches in the store; without them, `q` is matched against the label. */
  match?: string[];
  scope?: LookupScope;
  /** Fixed conditions of the source (companies of one role). */
  where?: LookupWhere;
  /** Records with one of these field values leave the list (an archived record); still answered by `id` or `uuid`. */
  hide?: Record<string, string | number | boolean>;
  /**
   * Records another collection a record names (`company` of a contact's `companyId`): the label reads
   * their fields (`{company.name}`), and their `hide` takes the naming records out of the list too.
   */
  joins?: Record<string, LookupJoin>;
  orderBy?: { field: string; desc?: boolean }[];
  limit?: number;
  params?: Record<string, LookupParam>;
}

export interface LookupJoin {
  collection: string;
  /** The field of the record that holds the joined record's id. */
  on: string;
  /** The joined record's id field. */
  id: string;
  hide?: Record<string, string | number | boolean>;
}

export interface LookupConfig {
  lookups: Record<string, LookupSource>;
}

export type LookupKind = 'enum' | 'list' | 'provider' | 'collection' | 'distinct';

export function kindOf(source: LookupSource): LookupKind {
  if (source.enum) return 'enum';
  if (source.list) return 'list';
  if (source.provider) return 'provider';
  if (source.distinct) return 'distinct';
  return 'collection';
}

/** The parameters every lookup takes besides its own (spec §7.9's generic convention). */
export const COMMON_PARAMS = ['q', 'id', 'uuid'] as const;
