import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../../engine/api';
import { showSnack } from '../../notifications/snackbar';
import { COMPANIES, companyPath } from './toolCompanyApi';
import { LookupPick } from './LookupPick';

/** Reset a company to its defaults once RESET is typed in capitals (the server checks the same). */
export function ResetCard() {
  const { t } = useTranslation();
  const [company, setCompany] = useState<number | null>(null);
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.post(companyPath(company!, 'reset'), { confirmation }, { quiet: true });
      showSnack({ level: 'success', message: t('toolCompany.resetDone') });
      setConfirmation('');
    } catch (failure) {
      if (failure instanceof ApiError) setError(failure.body?.message ?? failure.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">{t('toolCompany.reset')}</Title>
        <Text c="dimmed" size="sm">{t('toolCompany.resetHelp')}</Text>
        <Group grow align="flex-start">
          <LookupPick url={COMPANIES} label={t('toolCompany.company')} value={company} onChange={setCompany} testId="reset-company" />
          <TextInput
            label={t('toolCompany.typeReset')}
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
            error={error}
            maxLength={20}
            autoComplete="off"
            data-testid="reset-confirmation"
          />
        </Group>
        <Group justify="flex-end">
          <Button color="red" onClick={() => void reset()} disabled={!company || !confirmation} loading={busy} data-testid="reset-run">
            {t('toolCompany.resetRun')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
