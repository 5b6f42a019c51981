import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AppConfig, ScreenConfig } from '../config';
import { PageHeader } from '../ui/PageHeader';
import { fillUrl } from './attachments/attachmentTarget';
import { ConfiguredPanels } from './ConfiguredPanels';

export interface FilesScreenProps {
  screen: ScreenConfig;
  config: AppConfig;
  /** The caller's profile fields, filling `recordId` (`{companyId}`). */
  context: Record<string, unknown>;
  userRoles?: readonly string[];
}

/**
 * A page of files (`type: "files"`, docs/schemas.md "Files pages"): the panels of one record the
 * caller's profile names, at page size — a shared documents space needs no form. Writes follow the
 * server's answer (a refused upload shows its message in the upload panel).
 */
export function FilesScreen({ screen, config, context, userRoles = [] }: FilesScreenProps) {
  const { t } = useTranslation();
  const entity = config.entities[screen.entity ?? ''];
  const id = Number(fillUrl(screen.recordId ?? '', context));
  if (!entity || !Number.isInteger(id) || id <= 0) return <Alert color="orange">{t('engine.attachments.noRecord')}</Alert>;
  const record = { [entity['x-id'] as string]: id };
  return (
    <Stack gap="lg" maw={1400} mx="auto" w="100%">
      <PageHeader screen={screen} config={config} />
      <ConfiguredPanels screen={screen} config={config} record={record} panels={screen.panels ?? []} userRoles={userRoles} writable />
    </Stack>
  );
}
