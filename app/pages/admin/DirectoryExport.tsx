import { Button, Group, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../engine/api';
import { ExportStatus } from '../../../engine/export/ExportStatus';
import { useExcelExport } from '../../../engine/export/useExcelExport';
import { titleText } from '../../../engine/i18n';
import { directoryTable, type DirectoryCompany, type DirectoryContact } from './directoryRows';

const COMPANIES = '/back/bo/combospa/filters/toolcompany/companies';
const CONTACTS = '/back/bo/contacts/admin/';

/**
 * The contacts directory of the caller's universe as an Excel workbook made in the browser
 * (spec §2): the rows come from calls the caller may read — the universe's companies, then each
 * one's contacts — and exceljs loads only when the button is pressed. Shown by
 * `/admin/export/directory` and, as the custom panel `directoryExport`, by the datacenter's exports.
 */
export function DirectoryExport() {
  const { t } = useTranslation();
  const { state, run, cancel, busy } = useExcelExport();

  const exportDirectory = () =>
    run(async (signal) => {
      const companies = await api.get<DirectoryCompany[]>(COMPANIES, { signal });
      const directory = await Promise.all(
        companies.map(async (company) => ({ company, contacts: await api.get<DirectoryContact[]>(CONTACTS, { query: { companyId: company.value }, signal }) })),
      );
      return directoryTable(
        t('directoryExport.fileTitle'),
        directory,
        (key) => titleText(t, key),
        (code) => t(`enum.language.${code}`, { defaultValue: code }),
      );
    });

  return (
    <Stack gap="md">
      <Text>{t('directoryExport.what')}</Text>
      <Group>
        <Button leftSection={<IconFileSpreadsheet size={18} />} loading={busy} onClick={() => void exportDirectory()}>
          {t('directoryExport.button')}
        </Button>
      </Group>
      <ExportStatus state={state} onCancel={cancel} />
    </Stack>
  );
}
