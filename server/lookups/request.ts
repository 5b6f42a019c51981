import { badRequest } from '../errors';
import type { LookupParam, LookupSource } from './config';
import { kindOf } from './config';

/**
 * A lookup call's query, read and checked (spec §7.9's generic convention): `q` the search text,
 * `id` or `uuid` one item, and the source's own parameters. A value the source cannot take
 * (`companyId=abc`, an unknown enum value) is refused 400, never a 5xx nor a silent "everything".
 */
export interface LookupRequest {
  q: string;
  id?: string | number;
  uuid?: string;
  /** Each declared parameter present, with its values (repeated in the query: several). */
  params: Record<string, (string | number | boolean)[]>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ID = /^[1-9]\d{0,14}$/;
const MAX_TEXT = 100;

function paramValue(value: string, param: LookupParam, enums: Record<string, { enum?: unknown[] }>): string | number | boolean {
  if (param.enum) {
    if (!(enums[param.enum]?.enum ?? []).includes(value)) throw badRequest('error.badQuery');
    return value;
  }
  switch (param.type ?? 'text') {
    case 'id':
      if (!ID.test(value)) throw badRequest('error.badQuery');
      return Number(value);
    case 'boolean':
      if (value !== 'true' && value !== 'false') throw badRequest('error.badQuery');
      return value === 'true';
    default:
      if (value.length > MAX_TEXT) throw badRequest('error.badQuery');
      return value;
  }
}

/** The query of a lookup call, checked against its source; unknown query names are left alone (a browser's cache buster). */
export function readRequest(source: LookupSource, query: Record<string, string[]>, enums: Record<string, { enum?: unknown[] }>): LookupRequest {
  const one = (name: string) => {
    const values = query[name] ?? [];
    if (values.length > 1) throw badRequest('error.badQuery');
    return values[0];
  };
  const id = one('id');
  const uuid = one('uuid');
  const byRecord = kindOf(source) === 'collection';
  if (id !== undefined && byRecord && !ID.test(id)) throw badRequest('error.badQuery');
  if (uuid !== undefined && !UUID.test(uuid)) throw badRequest('error.badQuery');
  const params: LookupRequest['params'] = {};
  for (const [name, param] of Object.entries(source.params ?? {})) {
    const values = query[name];
    if (values?.length) params[name] = values.map((value) => paramValue(value, param, enums));
  }
  return { q: (one('q') ?? '').slice(0, MAX_TEXT), id: id === undefined ? undefined : byRecord ? Number(id) : id, uuid, params };
}
