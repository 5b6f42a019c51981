import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { titleText } from '../../../engine/i18n';
import { MergeCard } from './MergeCard';
import { MoveContactCard } from './MoveContactCard';
import { ResetCard } from './ResetCard';

/**
 * `/admin/toolcompany` (super admin, docs/companies.md): merge two companies, reset one to its
 * defaults, move a contact to another company. Hand-written: a merge is read, confirmed with its
 * counts, then sent with them, which no configured action form does.
 */
export default function ToolCompanyPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={960}>
      <Text c="dimmed">{titleText(t, 'screen.toolCompany.description')}</Text>
      <MergeCard />
      <ResetCard />
      <MoveContactCard />
    </Stack>
  );
}
