import { describe, expect, it } from 'vitest';
import { mayWriteAny, mayWriteRecord } from '../../engine/schema/writeRules';

/** `x-writers` (docs/schemas.md): the company a record names writes it, with the rule's roles; `anyRecord` writes every record; the others read. */
const schema = { 'x-writers': { roles: ['EDITOR', 'ROOT'], company: 'ownerId', anyRecord: ['ROOT'] } };
const record = { ownerId: 7, partners: [9] };

describe('x-writers', () => {
  it('lets the named company write with the roles, not a partner that sees the record, nor one without the roles', () => {
    expect(mayWriteRecord(schema, record, 7, ['EDITOR'])).toBe(true);
    expect(mayWriteRecord(schema, record, 9, ['EDITOR'])).toBe(false);
    expect(mayWriteRecord(schema, record, 7, ['READER'])).toBe(false);
    expect(mayWriteAny(schema, new Set(['READER']))).toBe(false);
  });

  it('lets `anyRecord` write every record, and an entity without the rule leaves writes alone', () => {
    expect(mayWriteRecord(schema, record, 42, new Set(['ROOT']))).toBe(true);
    expect(mayWriteRecord({}, record, 42, [])).toBe(true);
    expect(mayWriteAny({}, [])).toBe(true);
  });
});
