import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HeaderAlertConfig } from '../../config';
import type { JsonSchema } from '../../schema/resolve';
import { conditionHolds } from './conditions';
import { headerIcon } from './headerIcons';
import { headerValueText } from './headerValues';

type Row = Record<string, unknown>;

/** Banners under the header while their condition on the record holds (a request waiting, why it is read only). */
export function HeaderAlerts({ alerts, entity, record }: { alerts: readonly HeaderAlertConfig[]; entity: JsonSchema; record: Row }) {
  const { t, i18n } = useTranslation();
  return alerts
    .filter((alert) => conditionHolds(alert.when, record))
    .map((alert, index) => {
      const values = Object.fromEntries(Object.entries(alert.values ?? {}).map(([name, path]) => [name, headerValueText(t, i18n.language, entity, record, path)]));
      const Icon = headerIcon(alert.icon);
      return (
        <Alert key={index} color={alert.color ?? 'gray'} variant="light" role="status" icon={Icon ? <Icon size={18} /> : undefined} title={alert.title ? t(alert.title) : undefined}>
          {t(alert.text, values)}
        </Alert>
      );
    });
}
