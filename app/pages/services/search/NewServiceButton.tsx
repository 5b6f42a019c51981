import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Profile } from '../../../auth/profile';

/** The profile field choosing the wizard(s) the user creates services with (docs/services.md). */
export type WizardChoice = 'FULL' | 'QUICK' | 'BOTH';

const WIZARD = '/services/wizard';
const QUICK_WIZARD = `${WIZARD}?mode=QUICK`;

export function canCreateService(roles: readonly string[]): boolean {
  return roles.some((role) => role.startsWith('CREATE_SERVICE'));
}

/** "New service": the full wizard, the quick one, or a menu of both, as the profile says. */
export function NewServiceButton({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  if (!canCreateService(profile.roles)) return null;
  const choice = profile.customServiceType ?? 'FULL';
  const label = t('serviceSearch.newService');
  if (choice !== 'BOTH') {
    return (
      <Button component={Link} to={choice === 'QUICK' ? QUICK_WIZARD : WIZARD} leftSection={<IconPlus size={16} />}>
        {label}
      </Button>
    );
  }
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button leftSection={<IconPlus size={16} />} rightSection={<IconChevronDown size={14} />}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={WIZARD}>
          {t('enum.serviceWizardType.FULL')}
        </Menu.Item>
        <Menu.Item component={Link} to={QUICK_WIZARD}>
          {t('enum.serviceWizardType.QUICK')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
