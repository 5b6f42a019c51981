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
import { useShownByFrame } from './frameTitle';

export interface PageHeaderProps {
  screen: ScreenConfig;
  config: AppConfig;
  actions?: ReactNode;
}

/**
 * Screen title, description and a way back to the parent screen (`parent`). When the frame already
 * shows the screen's title (`FrameTitle`), the header keeps the way back and the description only.
 */
export function PageHeader({ screen, config, actions }: PageHeaderProps) {
  const { t } = useTranslation();
  const params = useParams();
  const parent = screen.parent ? config.screens.find((s) => menuRoutes(s).includes(screen.parent!)) : undefined;
  const parentPath = parent && fillRoute(parent.route, params);
  const Icon = screenIcon(screen.icon ?? screen.menu?.icon);
  const title = titleText(t, screen.title);
  const framed = useShownByFrame(title);
  const description = screen.description && t(screen.description, { defaultValue: '' });
  return (
    <Stack gap={4}>
      {parent && parentPath && <ParentCrumbs parentTitle={titleText(t, parent.title)} parentPath={parentPath} title={title} />}
      {(!framed || description || actions) && (
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          {framed ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : (
            <Group gap="sm" wrap="nowrap">
              <Icon size={28} stroke={1.5} color="var(--mantine-primary-color-filled)" aria-hidden />
              <div>
                <Title order={2} fz={24}>
                  {title}
                </Title>
                {description && (
                  <Text size="sm" c="dimmed">
                    {description}
                  </Text>
                )}
              </div>
            </Group>
          )}
          {actions && <Group gap="xs">{actions}</Group>}
        </Group>
      )}
    </Stack>
  );
}

/** The way back to the parent screen, then this screen's title (unless the frame shows it). */
export function ParentCrumbs({ parentTitle, parentPath, title }: { parentTitle: string; parentPath: string; title: string }) {
  const framed = useShownByFrame(title);
  return (
    <Breadcrumbs separatorMargin={6}>
      <Anchor component={Link} to={parentPath} size="sm" c="dimmed" style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}>
        <IconChevronLeft size={14} />
        {parentTitle}
      </Anchor>
      {!framed && (
        <Text size="sm" c="dimmed">
          {title}
        </Text>
      )}
    </Breadcrumbs>
  );
}
