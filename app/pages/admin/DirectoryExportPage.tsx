import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api, reportApiError } from '../../../engine/api';
import type { ScreenConfig } from '../../../engine/config';
import { titleText } from '../../../engine/i18n';
import { PageHeader } from '../../../engine/ui/PageHeader';
import { useReadySession } from '../../auth/session';
import { directoryTable, type DirectoryCompany, type DirectoryContact } from './directoryRows';

const COMPANIES = '/back/bo/combospa/filters/toolcompany/companies';
const CONTACTS = '/back/bo/contacts/admin/';

/**
 * `/admin/export/directory` (spec §2): the contacts directory of the caller's universe as an Excel
 * workbook made in the browser. The rows come from calls the caller may read — the universe's
 * companies, then each one's contacts — and exceljs loads only when the button is pressed
 * (engine/export/excel.ts), never with the login or search pages.
 */
export default function DirectoryExportPage() {
  const { t } = useTranslation();
  const { config } = useReadySession();
  const screen: ScreenConfig = config.screens.find((one) => one.page === 'directoryExport') ?? { route: '/admin/export/directory', type: 'page', title: 'screen.directoryExport' };
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ contacts: number; companies: number; file: string } | null>(null);

  const exportDirectory = async () => {
    setBusy(true);
    setDone(null);
    try {
      const companies = await api.get<DirectoryCompany[]>(COMPANIES);
      const directory = await Promise.all(
        companies.map(async (company) => ({ company, contacts: await api.get<DirectoryContact[]>(CONTACTS, { query: { companyId: company.value } }) })),
      );
      const table = directoryTable(
        t('directoryExport.fileTitle'),
        directory,
        (key) => titleText(t, key),
        (code) => t(`enum.language.${code}`, { defaultValue: code }),
      );
      const { exportToExcel } = await import('../../../engine/export/excel');
      const file = await exportToExcel(table);
      setDone({ contacts: table.rows.length, companies: companies.length, file });
    } catch (error) {
      if (error instanceof ApiError) reportApiError(error);
      else throw error;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <PageHeader screen={screen} config={config} />
      <Card withBorder radius="lg" padding="lg" maw={760}>
        <Stack gap="md">
          <Text>{t('directoryExport.what')}</Text>
          <Group>
            <Button leftSection={<IconFileSpreadsheet size={18} />} loading={busy} onClick={() => void exportDirectory()}>
              {t('directoryExport.button')}
            </Button>
          </Group>
          {done && (
            <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
              {t('directoryExport.done', { count: done.contacts, companies: done.companies, file: done.file })}
            </Alert>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
