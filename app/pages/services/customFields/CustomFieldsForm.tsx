import { Stack, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { customFieldSections, customFieldsForm, type CustomFieldTarget } from '../../../../domain/customFields';
import { LazySchemaForm } from '../../../../engine/form/LazySchemaForm';
import type { FieldError } from '../../../../engine/form/validation';
import { propertiesOf } from '../../../../engine/schema/fields';
import type { JsonSchema } from '../../../../engine/schema/resolve';

interface CustomFieldsFormProps {
  /** Every custom field of the company for this kind of record (customObjects). */
  object: JsonSchema;
  serviceType: string | undefined;
  /** An order line's product type (an id of the productTypes list): its ORDER fields follow it. */
  productType?: number;
  values: Record<string, unknown> | undefined;
  onChange?: (values: Record<string, unknown>) => void;
  /** Field errors at paths inside the values (`/COLOUR_LOT`). */
  errors?: FieldError[];
  readOnly?: boolean;
  /** Draws its own heading (the wizard); a sheet card has its own. */
  heading?: boolean;
  /** i18n key of the heading. */
  title?: string;
  /** Prefix of the inputs' ids: one per form of a page. */
  idPrefix?: string;
  testId?: string;
}

/** Whether a record shows any custom field (`CustomFieldsForm` draws nothing otherwise). */
export const hasCustomFields = (object: JsonSchema, target: CustomFieldTarget, values?: Record<string, unknown>) => Object.keys(propertiesOf(customFieldsForm(object, target, values))).length > 0;

/**
 * The company's custom fields of a record of one service type (and product type), as a form of the engine: labels in
 * the reader's language, lists, dates, companies, grouped under their sections and report
 * criteria; a disabled field shows only where a value is stored, read-only. Nothing when none apply.
 */
export function CustomFieldsForm({ object, serviceType, productType, values, onChange, errors, readOnly, heading = true, title = 'service.customFieldService', idPrefix = 'customFields', testId = 'custom-fields' }: CustomFieldsFormProps) {
  const { t } = useTranslation();
  const form = useMemo(() => customFieldsForm(object, { serviceType, productType }, values), [object, serviceType, productType, values]);
  const uiSchema = useMemo(() => {
    const sections = customFieldSections(form);
    return sections.length ? { 'ui:sections': sections } : undefined;
  }, [form]);
  if (Object.keys(propertiesOf(form)).length === 0) return null;
  return (
    <Stack gap="xs" data-testid={testId}>
      {heading && (
        <Title order={3} size="h5">
          {t(title)}
        </Title>
      )}
      <LazySchemaForm
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
