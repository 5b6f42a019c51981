import { describe, expect, it } from 'vitest';
import companyServiceDefault from '../../schemas/entities/companyServiceDefault.json';
import { EDITABLE_SERVICE_FIELDS, SERVICE_DEFAULT_FIELDS, emptyDraft, withServiceDefaults } from '../../machines/serviceWizard';

/** The wizard's new service prefilled from the company's service defaults (docs/settings.md). */
describe('withServiceDefaults', () => {
  it('puts each default in its field over the wizard’s own, and leaves the rest of the draft alone', () => {
    const draft = emptyDraft(['DECISION_MAKER']);
    const prefilled = withServiceDefaults(draft, {
      companyId: 3,
      version: 2,
      thirdPartyDepartment: 'INSP',
      type: 'INSP_PRE_PRODUCTION',
      serviceLevel: 'URGENT',
      servicePartyType: 'DESTINATION',
      assessmentMethod: 'INTERNAL',
      sector: 'APPAREL',
      standardMessage: 'Bring the golden sample.',
    });
    expect(prefilled.service).toEqual({
      ...draft.service,
      thirdPartyDepartment: 'INSP',
      type: 'INSP_PRE_PRODUCTION',
      serviceLevel: 'URGENT',
      servicePartyType: 'DESTINATION',
      assessmentMethod: 'INTERNAL',
      sector: 'APPAREL',
      standardMessage: 'Bring the golden sample.',
    });
    expect({ ...prefilled, service: draft.service }).toEqual(draft);
    // companyId and version are the settings' own, no field of the service.
    expect(prefilled.service).not.toHaveProperty('companyId');
  });

  it('a default type brings its department; empty or missing defaults keep the wizard’s', () => {
    const draft = emptyDraft();
    expect(withServiceDefaults(draft, { type: 'AUDIT_SOCIAL' }).service).toMatchObject({ thirdPartyDepartment: 'AUDIT', type: 'AUDIT_SOCIAL' });
    expect(withServiceDefaults(draft, { serviceLevel: '', standardMessage: null })).toBe(draft);
    expect(withServiceDefaults(draft, {})).toBe(draft);
  });

  it('the defaults are exactly the service fields of the companyServiceDefault schema, all of them fields the wizard edits', () => {
    const schemaFields = Object.keys(companyServiceDefault.properties).filter((field) => !['companyId', 'universeId'].includes(field));
    expect([...SERVICE_DEFAULT_FIELDS].sort()).toEqual(schemaFields.sort());
    for (const field of SERVICE_DEFAULT_FIELDS) expect(EDITABLE_SERVICE_FIELDS).toContain(field);
  });
});
