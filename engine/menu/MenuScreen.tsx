import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { AppConfig, ScreenConfig } from '../config';
import { titleText } from '../i18n';
import { fillRoute } from '../search/routeParams';
import { screenIcon } from '../ui/icons';
import { PageHeader } from '../ui/PageHeader';
import classes from './MenuScreen.module.css';

export interface MenuScreenProps {
  screen: ScreenConfig;
  config: AppConfig;
}

/**
 * A page of links to the screens listed in `items`, as cards. Screens the user may not open are
 * absent from config. Route parameters of the menu's own route (`/owners/:ownerId`) fill the items'.
 */
export function MenuScreen({ screen, config }: MenuScreenProps) {
  const { t } = useTranslation();
  const params = useParams();
  const targets = (screen.items ?? [])
    .map((route) => config.screens.find((s) => s.route === route))
    .filter((s): s is ScreenConfig => !!s)
    .map((target) => ({ target, path: fillRoute(target.route, params) }))
    .filter((item): item is { target: ScreenConfig; path: string } => item.path !== null);
  return (
    <Stack gap="lg">
      <PageHeader screen={screen} config={config} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
        {targets.map(({ target, path }) => {
          const Icon = screenIcon(target.icon ?? target.menu?.icon);
          return (
            <Card
              key={target.route}
              component={Link}
              to={path}
              withBorder
              radius="md"
              padding="lg"
              shadow="xs"
              className={classes.card}
              style={{ textDecoration: 'none' }}
            >
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <ThemeIcon size={44} radius="md" variant="light">
                  <Icon size={24} stroke={1.5} />
                </ThemeIcon>
                <IconArrowRight size={18} color="var(--mantine-color-dimmed)" />
              </Group>
              <Text fw={600} size="lg" mt="md">
                {titleText(t, target.title)}
              </Text>
              {target.description && (
                <Text size="sm" c="dimmed" mt={4}>
                  {t(target.description, { defaultValue: '' })}
                </Text>
              )}
            </Card>
          );
        })}
      </SimpleGrid>
      {targets.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          {t('engine.menu.empty')}
        </Text>
      )}
    </Stack>
  );
}
