import type { PanelProps } from '../../../../engine/record/panels';
import { useReadySession } from '../../../auth/session';
import { CustomFieldsForm } from '../customFields/CustomFieldsForm';
import { serviceCustomObject } from '../customFields/serviceCustomFields';
import type { ServiceView } from '../shared/serviceApi';

/** The sheet's custom values, read as the wizard shows them (a disabled field's stored value too); edited in the wizard. */
export function CustomFieldsCard({ service }: PanelProps & { service: ServiceView }) {
  const { config } = useReadySession();
  const values = (service as unknown as { customFieldService?: Record<string, unknown> }).customFieldService;
  return <CustomFieldsForm object={serviceCustomObject(config)} serviceType={service.type} values={values} readOnly />;
}
