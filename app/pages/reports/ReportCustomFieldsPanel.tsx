import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { PanelProps } from '../../../engine/record/panels';
import { CustomFieldsForm } from '../services/customFields/CustomFieldsForm';
import { customValueErrors } from '../services/customFields/customValueErrors';
import { errorsUnder, filledValues, useReportCustomFields } from './reportCustomFields';

type Row = Record<string, unknown>;
const PATH = '/customFieldReport';

/**
 * Panel `reportCustomFields` of the report wizard: the service client's REPORT fields of the
 * service's type under their report criteria and sections, in the reader's language. Next checks
 * them with the server's rules (required included: the next step sends the report); a value the
 * field cannot take stays as typed, marked. Read-only on the summary.
 */
export function ReportCustomFieldsPanel({ record, onChange, readOnly, serverErrors, registerSubmit }: PanelProps) {
  const { serviceId } = useParams();
  const fields = useReportCustomFields(serviceId);
  const values = record.customFieldReport as Row | undefined;
  const [tried, setTried] = useState(false);
  const problems = (current: Row | undefined) => (fields ? customValueErrors(fields.report, { serviceType: fields.serviceType }, current, '').map((error) => ({ path: error.path, message: error.key })) : []);
  const latest = useRef(values);
  latest.current = values;
  const check = useRef(problems);
  check.current = problems;
  useEffect(
    () =>
      registerSubmit(async () => {
        setTried(true);
        return check.current(latest.current).length === 0;
      }),
    [registerSubmit],
  );
  if (!fields) return null;
  return (
    <CustomFieldsForm
      object={fields.report}
      serviceType={fields.serviceType}
      values={values}
      onChange={(next) => onChange({ ...record, customFieldReport: filledValues(next) })}
      errors={[...(tried ? problems(values) : []), ...errorsUnder(serverErrors, PATH)]}
      readOnly={readOnly}
      title="report.customFieldReport"
      idPrefix="reportFields"
    />
  );
}
