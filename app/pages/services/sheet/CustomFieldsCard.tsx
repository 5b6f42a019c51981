import { useTranslation } from 'react-i18next';
import type { PanelProps } from '../../../../engine/record/panels';
import { InfoCard } from './InfoCard';
import { useReadySession } from '../../../auth/session';
import { CustomFieldsForm } from '../customFields/CustomFieldsForm';
import { customObjects } from '../customFields/serviceCustomFields';
import type { ServiceView } from '../shared/serviceApi';

/** The sheet's custom values, read as the wizard shows them (a disabled field's stored value too); edited in the wizard. */
export function CustomFieldsCard({ service }: PanelProps & { service: ServiceView }) {
  const { t } = useTranslation();
  const { config } = useReadySession();
  const values = (service as unknown as { customFieldService?: Record<string, unknown> }).customFieldService;
  return (
    <InfoCard title={t('service.customFieldService')}>
      <CustomFieldsForm object={customObjects(config).service} serviceType={service.type} values={values} readOnly heading={false} />
    </InfoCard>
  );
}
