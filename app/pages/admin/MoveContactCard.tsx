import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../engine/api';
import { showSnack } from '../../notifications/snackbar';
import { COMPANIES, companyPath, contactsOf } from './toolCompanyApi';
import { LookupPick } from './LookupPick';

/** Move one contact of a company to another company of the universe. */
export function MoveContactCard() {
  const { t } = useTranslation();
  const [company, setCompany] = useState<number | null>(null);
  const [contact, setContact] = useState<number | null>(null);
  const [target, setTarget] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const move = async () => {
    setBusy(true);
    try {
      await api.post(companyPath(company!, `contacts/${contact}/move`), { into: target });
      showSnack({ level: 'success', message: t('toolCompany.moved') });
      setContact(null);
    } catch {
      // The app shows the server's reason.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">{t('toolCompany.moveContact')}</Title>
        <Text c="dimmed" size="sm">{t('toolCompany.moveContactHelp')}</Text>
        <Group grow align="flex-end">
          <LookupPick url={COMPANIES} label={t('toolCompany.company')} value={company} onChange={(id) => (setCompany(id), setContact(null))} testId="move-company" />
          {company ? (
            <LookupPick key={company} url={contactsOf(company)} label={t('toolCompany.contact')} value={contact} onChange={setContact} testId="move-contact" />
          ) : (
            <Select label={t('toolCompany.contact')} data={[]} disabled />
          )}
          <LookupPick url={COMPANIES} label={t('toolCompany.target')} value={target} onChange={setTarget} testId="move-target" />
        </Group>
        <Group justify="flex-end">
          <Button onClick={() => void move()} disabled={!company || !contact || !target} loading={busy} data-testid="move-run">
            {t('toolCompany.moveRun')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
