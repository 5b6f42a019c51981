import { useEffect, useState } from 'react';
import { customFieldsForm } from '../../../domain/customFields';
import { api } from '../../../engine/api';
import type { FieldError } from '../../../engine/form/validation';
import { propertiesOf } from '../../../engine/schema/fields';
import type { JsonSchema } from '../../../engine/schema/resolve';
import { addSchemaLabels } from '../../i18n/i18n';

type Row = Record<string, unknown>;

/** GET /back/bo/reports/{serviceId}/customFields: the service client's fields of the report and of each piece. */
export interface ReportCustomFields {
  serviceType?: string;
  report: JsonSchema;
  piece: JsonSchema;
  locales: Record<string, Record<string, string>>;
}

/**
 * A report's custom fields (the service client's, docs/schemas.md "Custom fields"), read once per
 * page, their labels added to every language's strings. Null until they arrive, or when unreadable.
 */
export function useReportCustomFields(serviceId: unknown): ReportCustomFields | null {
  const [fields, setFields] = useState<ReportCustomFields | null>(null);
  useEffect(() => {
    let live = true;
    api.get<ReportCustomFields>(`/back/bo/reports/${String(serviceId)}/customFields`, { quiet: true }).then(
      (answer) => {
        addSchemaLabels(answer.locales);
        if (live) setFields(answer);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [serviceId]);
  return fields;
}

/** Whether a record of the service's type shows any of these fields (a disabled one only where a value is stored). */
export const showsCustomFields = (object: JsonSchema, serviceType: string | undefined, values: unknown): boolean =>
  Object.keys(propertiesOf(customFieldsForm(object, { serviceType }, values as Row | undefined))).length > 0;

/** The values as the form gives them, emptied fields left out (the server refuses an empty option). */
export const filledValues = (values: Row): Row => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== null && value !== ''));

/** The field errors under `prefix` (`/customFieldReport`), at paths inside the values. */
export const errorsUnder = (errors: readonly FieldError[], prefix: string): FieldError[] =>
  errors.filter((error) => error.path.startsWith(`${prefix}/`)).map((error) => ({ ...error, path: error.path.slice(prefix.length) }));
