import { CustomFieldsForm } from '../services/customFields/CustomFieldsForm';
import { useReportCustomFields } from './reportCustomFields';

/** The stored values of a report's custom fields, read-only under their headings (the service sheet's report card). */
export function ReportCustomValues({ serviceId, values }: { serviceId: number; values: Record<string, unknown> }) {
  const fields = useReportCustomFields(serviceId);
  if (!fields) return null;
  return (
    <div data-testid="report-custom-values">
      <CustomFieldsForm object={fields.report} serviceType={fields.serviceType} values={values} readOnly title="report.customFieldReport" idPrefix="reportValues" />
    </div>
  );
}
