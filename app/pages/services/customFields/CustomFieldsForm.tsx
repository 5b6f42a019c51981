import { Stack, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { customFieldSections, customFieldsForm } from '../../../../domain/customFields';
import { SchemaForm } from '../../../../engine/form/SchemaForm';
import type { FieldError } from '../../../../engine/form/validation';
import { propertiesOf } from '../../../../engine/schema/fields';
import type { JsonSchema } from '../../../../engine/schema/resolve';

interface CustomFieldsFormProps {
  /** Every custom field of the company for this kind of record (serviceCustomObject). */
  object: JsonSchema;
  serviceType: string | undefined;
  values: Record<string, unknown> | undefined;
  onChange?: (values: Record<string, unknown>) => void;
  /** Field errors at paths inside the values (`/COLOUR_LOT`). */
  errors?: FieldError[];
  readOnly?: boolean;
  /** Draws its own heading (the wizard); a sheet card has its own. */
  heading?: boolean;
  /** The heading's key. */
  title?: string;
  /** Prefix of the fields' ids: unique on the page (one form per report piece). */
  idPrefix?: string;
}

/**
 * The company's custom fields of a record of one service type, as a form of the engine: labels in
 * the reader's language, lists, dates, companies, grouped under their sections and report
 * criteria; a disabled field shows only where a value is stored, read-only. Nothing when none apply.
 */
export function CustomFieldsForm({ object, serviceType, values, onChange, errors, readOnly, heading = true, title = 'service.customFieldService', idPrefix = 'customFields' }: CustomFieldsFormProps) {
  const { t } = useTranslation();
  const form = useMemo(() => customFieldsForm(object, { serviceType }, values), [object, serviceType, values]);
  const uiSchema = useMemo(() => {
    const sections = customFieldSections(form);
    return sections.length ? { 'ui:sections': sections } : undefined;
  }, [form]);
  if (Object.keys(propertiesOf(form)).length === 0) return null;
  return (
    <Stack gap="xs" data-testid="custom-fields">
      {heading && (
        <Title order={3} size="h5">
          {t(title)}
        </Title>
      )}
      <SchemaForm
        schema={form}
        uiSchema={uiSchema}
        formData={values ?? {}}
        onChange={(next) => onChange?.(next)}
        mode="edit"
        serverErrors={errors}
        readOnly={readOnly}
        idPrefix={idPrefix}
      />
    </Stack>
  );
}
