import { Stack } from '@mantine/core';
import type { ScreenConfig } from '../../../engine/config';
import { PageHeader } from '../../../engine/ui/PageHeader';
import { useReadySession } from '../../auth/session';
import { MergeCard } from './MergeCard';
import { MoveContactCard } from './MoveContactCard';
import { ResetCard } from './ResetCard';

/**
 * `/admin/toolcompany` (super admin, docs/companies.md): merge two companies, reset one to its
 * defaults, move a contact to another company. Hand-written: a merge is read, confirmed with its
 * counts, then sent with them, which no configured action form does.
 */
export default function ToolCompanyPage() {
  const { config } = useReadySession();
  const screen: ScreenConfig = config.screens.find((s) => s.page === 'toolCompany') ?? { route: '/admin/toolcompany', type: 'page', title: 'screen.toolCompany' };
  return (
    <Stack gap="md">
      <PageHeader screen={screen} config={config} />
      <Stack gap="md" maw={1100}>
        <MergeCard />
        <ResetCard />
        <MoveContactCard />
      </Stack>
    </Stack>
  );
}
