import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconArrowRight, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { AppConfig, ScreenConfig } from '../config';
import { titleText } from '../i18n';
import { fillRoute } from '../search/routeParams';
import { screenIcon } from '../ui/icons';
import { PageHeader } from '../ui/PageHeader';
import { menuEntries } from './menuEntries';
import classes from './MenuScreen.module.css';

export interface MenuScreenProps {
  screen: ScreenConfig;
  config: AppConfig;
}

interface CardContent {
  title: string;
  description?: string;
  icon?: string;
  /** A screen flagged `danger`: a red icon and a "Dangerous" badge. */
  danger?: boolean;
}

function CardBody({ content, corner }: { content: CardContent; corner: ReactNode }) {
  const { t } = useTranslation();
  const Icon = screenIcon(content.icon);
  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <ThemeIcon size={44} radius="md" variant="light" color={content.danger ? 'red' : undefined}>
          <Icon size={24} stroke={1.5} />
        </ThemeIcon>
        <Group gap="xs" wrap="nowrap">
          {content.danger && (
            <Badge color="red" variant="light">
              {t('engine.menu.danger')}
            </Badge>
          )}
          {corner}
        </Group>
      </Group>
      <Text fw={600} size="lg" mt="md" className={classes.title}>
        {titleText(t, content.title)}
      </Text>
      {content.description && (
        <Text size="sm" c="dimmed" mt={4}>
          {t(content.description, { defaultValue: '' })}
        </Text>
      )}
    </>
  );
}

/**
 * A page of links, as cards: the screens of `items`, then the screens naming this page as `parent`
 * (engine/menu/menuEntries.ts). Screens the user may not open are absent from config; a static
 * entry is a disabled card whose tooltip says why. Route parameters of the menu's own route
 * (`/owners/:ownerId`) fill the entries'.
 */
export function MenuScreen({ screen, config }: MenuScreenProps) {
  const { t } = useTranslation();
  const params = useParams();
  const cards = menuEntries(screen, config.screens).flatMap((entry) => {
    if ('item' in entry) {
      const { item } = entry;
      return [
        <Tooltip key={`static:${item.title}`} label={t(item.tooltip)} multiline maw={320} withArrow>
          <Card withBorder radius="md" padding="lg" aria-disabled="true" tabIndex={0} className={classes.disabled} aria-label={`${titleText(t, item.title)}: ${t(item.tooltip)}`}>
            <CardBody content={item} corner={<IconLock size={18} color="var(--mantine-color-dimmed)" aria-hidden />} />
          </Card>
        </Tooltip>,
      ];
    }
    const target = entry.screen;
    const path = fillRoute(target.route, params);
    if (path === null) return [];
    return [
      <Card
        key={target.route}
        component={Link}
        to={path}
        withBorder
        radius="md"
        padding="lg"
        shadow="xs"
        className={target.danger ? `${classes.card} ${classes.danger}` : classes.card}
        style={{ textDecoration: 'none' }}
        data-danger={target.danger || undefined}
      >
        <CardBody content={{ title: target.title, description: target.description, icon: target.icon ?? target.menu?.icon, danger: target.danger }} corner={<IconArrowRight size={18} color="var(--mantine-color-dimmed)" />} />
      </Card>,
    ];
  });
  return (
    <Stack gap="lg">
      <PageHeader screen={screen} config={config} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
        {cards}
      </SimpleGrid>
      {cards.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          {t('engine.menu.empty')}
        </Text>
      )}
    </Stack>
  );
}
