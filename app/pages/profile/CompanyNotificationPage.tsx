import { Card, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ApiError, api, reportApiError } from '../../../engine/api';
import { titleText } from '../../../engine/i18n';
import { showSnack } from '../../notifications/snackbar';
import { NotFoundPage } from '../simplePages';

interface CompanyNotifications {
  companyId: number;
  notificationsDisabled: boolean;
}

/**
 * `/profileCompany/{companyId}/companyNotification` (spec §6.4): an administrator turns off every
 * notification e-mail to the company's contacts (docs/notifications.md); the server checks who may.
 */
export default function CompanyNotificationPage() {
  const { t } = useTranslation();
  const { companyId = '' } = useParams();
  const path = `/back/bo/profile/company/${companyId}/notificationconfig`;
  const [config, setConfig] = useState<CompanyNotifications | null>(null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!/^\d+$/.test(companyId)) return setMissing(true);
    let live = true;
    api
      .get<CompanyNotifications>(path, { quiet: true })
      .then((answer) => live && setConfig(answer))
      .catch(() => live && setMissing(true));
    return () => {
      live = false;
    };
  }, [path, companyId]);

  if (missing) return <NotFoundPage />;

  const change = async (disabled: boolean) => {
    setBusy(true);
    try {
      const saved = await api.put<CompanyNotifications>(path, { notificationsDisabled: disabled });
      setConfig(saved);
      showSnack({ level: 'success', message: t(saved.notificationsDisabled ? 'companyNotification.disabled' : 'companyNotification.enabled') });
    } catch (error) {
      if (error instanceof ApiError) reportApiError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" maw={760}>
      <Text c="dimmed">{titleText(t, 'screen.companyNotification.description')}</Text>
      {config ? (
        <Card withBorder radius="lg" padding="lg">
          <Switch
            size="md"
            label={titleText(t, 'company.notificationsDisabled')}
            description={t('companyNotification.help')}
            checked={config.notificationsDisabled}
            disabled={busy}
            onChange={(event) => void change(event.currentTarget.checked)}
            data-testid="company-notifications-disabled"
          />
        </Card>
      ) : (
        <Skeleton h={96} radius="lg" />
      )}
    </Stack>
  );
}
