import type Form from '@rjsf/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { LazySchemaForm } from '../form/LazySchemaForm';
import type { FieldError } from '../form/validation';
import { computedOf } from '../schema/computed';
import { pickFields, propertiesOf, schemaOfFields } from '../schema/fields';
import { ComputeButtons } from './ComputeButtons';
import type { PanelProps } from './panels';

type Row = Record<string, any>;
const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * Panel kind `form`: the record's fields in an RJSF form laid out by a uiSchema (`ui`), either the
 * `fields` it names or every field no other panel shows. Computed fields show their live value;
 * `required` adds mandatory fields, `computes` buttons filling fields from a call.
 */
export function FormPanel({ panel, config, entity, record, view, saved, onChange, readOnly, userRoles, serverErrors, elsewhere, registerSubmit }: PanelProps) {
  const uiSchema = panel.ui ? config.ui[panel.ui] : undefined;
  // `ui:options.hideEmpty`: a field the server fills (a send-back's reason) shows only once it has a value.
  const hidden = Object.keys(propertiesOf(entity)).filter((field) => (uiSchema?.[field] as Row | undefined)?.['ui:options']?.hideEmpty === true && isEmpty(record[field])).join();
  const fields = useMemo(
    () => (panel.fields ?? Object.keys(propertiesOf(entity)).filter((field) => !elsewhere.includes(field))).filter((field) => !hidden.split(',').includes(field)),
    [panel.fields, entity, elsewhere, hidden],
  );
  // `required`: a section's own mandatory fields, beside the entity's.
  const schema = useMemo(() => {
    const picked = schemaOfFields(entity, fields);
    return panel.required?.length ? { ...picked, required: [...new Set([...picked.required, ...panel.required.filter((field) => fields.includes(field))])] } : picked;
  }, [entity, fields, panel.required]);
  const computed = Object.keys(computedOf(entity));
  const editable = fields.filter((field) => !computed.includes(field));
  const formRef = useRef<Form>(null);
  // A compute button's refusal names fields (an address not found: the city), shown beside them as a save's are, until the next edit.
  const [computeErrors, setComputeErrors] = useState<FieldError[]>([]);
  const fieldErrors = useMemo(() => (computeErrors.length ? [...serverErrors, ...computeErrors] : serverErrors), [serverErrors, computeErrors]);
  const latest = useRef(record);
  latest.current = record;

  useEffect(() => registerSubmit(async () => formRef.current?.validateForm() ?? true), [registerSubmit]);

  const form = (
    <LazySchemaForm
      schema={schema}
      uiSchema={uiSchema}
      readOnly={readOnly}
      roles={userRoles}
      formData={pickFields({ ...record, ...pickFields(view, computed) }, fields)}
      onChange={(data) => {
        if (computeErrors.length) setComputeErrors([]);
        onChange({ ...latest.current, ...pickFields(data, editable) });
      }}
      mode={saved ? 'edit' : 'create'}
      serverErrors={fieldErrors}
      formRef={formRef}
      idPrefix="record"
    />
  );
  if (!panel.computes?.length) return form;
  return (
    <>
      {form}
      <ComputeButtons computes={panel.computes} record={record} readOnly={readOnly} onChange={(next) => onChange({ ...latest.current, ...next })} onErrors={setComputeErrors} />
    </>
  );
}
