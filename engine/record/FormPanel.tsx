import type Form from '@rjsf/core';
import { useEffect, useMemo, useRef } from 'react';
import { SchemaForm } from '../form/SchemaForm';
import { computedOf } from '../schema/computed';
import { propertiesOf } from '../schema/fields';
import type { JsonSchema } from '../schema/resolve';
import type { PanelProps } from './panels';

type Row = Record<string, unknown>;

/** The entity schema cut down to some fields (the form validates only what it shows). */
function schemaOf(entity: JsonSchema, fields: string[]): JsonSchema {
  const props = propertiesOf(entity);
  return {
    ...entity,
    properties: Object.fromEntries(fields.map((field) => [field, props[field]])),
    required: ((entity.required ?? []) as string[]).filter((field) => fields.includes(field)),
  };
}

const pick = (row: Row, fields: string[]) => Object.fromEntries(fields.filter((field) => field in row).map((field) => [field, row[field]]));

/**
 * Panel kind `form`: the record's fields in an RJSF form laid out by a uiSchema (`ui`), either the
 * `fields` it names or every field no other panel shows. Computed fields show their live value.
 */
export function FormPanel({ panel, config, entity, record, view, saved, onChange, readOnly, userRoles, serverErrors, elsewhere, registerSubmit }: PanelProps) {
  const fields = useMemo(() => panel.fields ?? Object.keys(propertiesOf(entity)).filter((field) => !elsewhere.includes(field)), [panel.fields, entity, elsewhere]);
  const schema = useMemo(() => schemaOf(entity, fields), [entity, fields]);
  const computed = Object.keys(computedOf(entity));
  const editable = fields.filter((field) => !computed.includes(field));
  const formRef = useRef<Form>(null);
  const latest = useRef(record);
  latest.current = record;

  useEffect(() => registerSubmit(async () => formRef.current?.validateForm() ?? true), [registerSubmit]);

  return (
    <SchemaForm
      schema={schema}
      uiSchema={panel.ui ? config.ui[panel.ui] : undefined}
      readOnly={readOnly}
      roles={userRoles}
      formData={pick({ ...record, ...pick(view, computed) }, fields)}
      onChange={(data) => onChange({ ...latest.current, ...pick(data, editable) })}
      mode={saved ? 'edit' : 'create'}
      serverErrors={serverErrors}
      formRef={formRef}
      idPrefix="record"
    />
  );
}
