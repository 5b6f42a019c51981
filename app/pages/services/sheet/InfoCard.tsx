import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A registered panel of the sheet (the report, the date proposals): its title and buttons over its
 * content. The record page draws the card around it (engine/record/PanelGrid.tsx).
 */
export function InfoCard({ title, actions, children, testId }: { title: string; actions?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={3} size="h4">{title}</Title>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      {children}
    </div>
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
