import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A tab whose feature is not built yet: says so plainly, shows no made-up data. */
export function NotBuiltTab({ icon, title, text, testId }: { icon: ReactNode; title: string; text: string; testId: string }) {
  return (
    <Card withBorder radius="lg" padding="xl" data-testid={testId}>
      <Stack align="center" gap="xs" py="xl" ta="center">
        <ThemeIcon size={56} radius={28} variant="light" color="gray">
          {icon}
        </ThemeIcon>
        <Title order={3} fz="lg" mt="xs">
          {title}
        </Title>
        <Text c="dimmed" maw={520}>
          {text}
        </Text>
      </Stack>
    </Card>
  );
}
