import { Badge, Card, Group, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../engine/api';

/** `/about`: product name and the running version (`GET /back/version/`). */
export function AboutPage() {
  const { t } = useTranslation();
  const [version, setVersion] = useState<string | null>(null);

  useEffect(() => {
    api.get<{ version: string }>('/back/version/').then(
      (answer) => setVersion(answer.version),
      () => setVersion('—'),
    );
  }, []);

  return (
    <Card withBorder radius="lg" padding="xl" maw={640} mx="auto" mt="xl" shadow="sm">
      <Group wrap="nowrap" align="flex-start" gap="lg">
        <Image src="/logo.svg" alt="" w={72} h={72} />
        <Stack gap="xs">
          <Group gap="sm">
            <Title order={2}>{t('app.name')}</Title>
            {version === null ? (
              <Skeleton h={22} w={70} radius="xl" />
            ) : (
              <Badge variant="light" size="lg" tt="none" data-testid="app-version">
                {t('page.about.version', { version })}
              </Badge>
            )}
          </Group>
          <Text c="dimmed">{t('app.tagline')}</Text>
          <Text>{t('page.about.text')}</Text>
        </Stack>
      </Group>
    </Card>
  );
}
