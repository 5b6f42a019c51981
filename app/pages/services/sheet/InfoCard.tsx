import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card of the overview. */
export function InfoCard({ title, actions, children, testId }: { title: string; actions?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Card withBorder radius="lg" padding="lg" data-testid={testId}>
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={3} fz="lg">
          {title}
        </Title>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      {children}
    </Card>
  );
}

/** Label over value; an empty value reads as a dash so the grid stays aligned. */
export function InfoField({ label, children }: { label: string; children: ReactNode }) {
  const empty = children == null || children === '' || children === false;
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {label}
      </Text>
      {empty ? <Text c="dimmed">—</Text> : typeof children === 'string' ? <Text style={{ overflowWrap: 'anywhere' }}>{children}</Text> : children}
    </Stack>
  );
}

export function InfoGrid({ children, cols = 3 }: { children: ReactNode; cols?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: cols }} spacing="lg" verticalSpacing="md">
      {children}
    </SimpleGrid>
  );
}
