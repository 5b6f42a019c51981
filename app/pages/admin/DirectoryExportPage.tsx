import { Card, Stack } from '@mantine/core';
import type { ScreenConfig } from '../../../engine/config';
import { PageHeader } from '../../../engine/ui/PageHeader';
import { useReadySession } from '../../auth/session';
import { DirectoryExport } from './DirectoryExport';

/** `/admin/export/directory` (spec §2): the contacts directory export (./DirectoryExport.tsx) on a page of its own. */
export default function DirectoryExportPage() {
  const { config } = useReadySession();
  const screen: ScreenConfig = config.screens.find((one) => one.page === 'directoryExport') ?? { route: '/admin/export/directory', type: 'page', title: 'screen.directoryExport' };
  return (
    <Stack gap="md">
      <PageHeader screen={screen} config={config} />
      <Card withBorder radius="lg" padding="lg" maw={760}>
        <DirectoryExport />
      </Card>
    </Stack>
  );
}
