import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { AppConfig, ScreenConfig } from '../config';
import { titleText } from '../i18n';
import { fillRoute } from '../search/routeParams';
import { screenIcon } from './icons';
import { menuRoutes } from '../menu/menuEntries';

export interface PageHeaderProps {
  screen: ScreenConfig;
  config: AppConfig;
  actions?: ReactNode;
}

/** Screen title, description and a way back to the parent screen (`parent`). */
export function PageHeader({ screen, config, actions }: PageHeaderProps) {
  const { t } = useTranslation();
  const params = useParams();
  const parent = screen.parent ? config.screens.find((s) => menuRoutes(s).includes(screen.parent!)) : undefined;
  const parentPath = parent && fillRoute(parent.route, params);
  const Icon = screenIcon(screen.icon ?? screen.menu?.icon);
  return (
    <Stack gap={4}>
      {parent && parentPath && <ParentCrumbs parentTitle={titleText(t, parent.title)} parentPath={parentPath} title={titleText(t, screen.title)} />}
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <Icon size={28} stroke={1.5} color="var(--mantine-primary-color-filled)" aria-hidden />
          <div>
            <Title order={2} fz={24}>
              {titleText(t, screen.title)}
            </Title>
            {screen.description && (
              <Text size="sm" c="dimmed">
                {t(screen.description, { defaultValue: '' })}
              </Text>
            )}
          </div>
        </Group>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
    </Stack>
  );
}

/** The way back to the parent screen, then this screen's title. */
export function ParentCrumbs({ parentTitle, parentPath, title }: { parentTitle: string; parentPath: string; title: string }) {
  return (
    <Breadcrumbs separatorMargin={6}>
      <Anchor component={Link} to={parentPath} size="sm" c="dimmed" style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}>
        <IconChevronLeft size={14} />
        {parentTitle}
      </Anchor>
      <Text size="sm" c="dimmed">
        {title}
      </Text>
    </Breadcrumbs>
  );
}
