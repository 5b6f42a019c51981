import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { LocaleSelector } from '../../shell/LocaleSelector';
import classes from './AuthLayout.module.css';

/** Login and unsubscribe pages: a card over the background image (spec §2), locale at the top. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className={classes.root}>
      <div className={classes.top}>
        <LocaleSelector onDark />
      </div>
      <main className={classes.center}>
        <div className={classes.card}>
          <Outlet />
        </div>
      </main>
      <footer className={classes.footer}>{t('app.footer')}</footer>
    </div>
  );
}

/** Logo, product name and a subtitle: the top of every auth card. */
export function AuthCardHeader({ subtitle }: { subtitle: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap={6} mb="lg">
      <Group gap="xs">
        <img src="/logo.svg" alt="" width={44} height={44} />
        <Title order={1} fz={30} fw={700} c="brand.8" lts={-0.5}>
          {t('app.name')}
        </Title>
      </Group>
      <Text c="dimmed" size="sm" ta="center">
        {subtitle}
      </Text>
    </Stack>
  );
}
