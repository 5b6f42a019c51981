import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CreateConfig } from '../config';
import { conditionHolds } from '../record/header/conditions';
import { rolesAllow } from '../schema/roles';

export interface CreateMenuProps {
  create: CreateConfig;
  userRoles: readonly string[];
  /** The caller's profile: the items' `when` read it (the wizard a person creates with). */
  caller: Record<string, unknown>;
}

/** A search screen's `create` (docs/schemas.md): one item is a button, several a menu; none, or no role, nothing. */
export function CreateMenu({ create, userRoles, caller }: CreateMenuProps) {
  const { t } = useTranslation();
  const items = create.items.filter((item) => conditionHolds(item.when, caller));
  if (!items.length || !rolesAllow(create.roles, userRoles)) return null;
  const label = t(create.label);
  if (items.length === 1) {
    return (
      <Button component={Link} to={items[0].to} leftSection={<IconPlus size={16} />}>
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
        {items.map((item) => (
          <Menu.Item key={item.to} component={Link} to={item.to}>
            {t(item.label)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
