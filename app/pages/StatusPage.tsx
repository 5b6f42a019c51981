import { Button, Center, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

interface StatusPageProps {
  icon: ReactNode;
  color?: string;
  title: string;
  text: string;
  /** A link, or a button when `to` is absent. */
  action?: { label: string; to?: string; onClick?: () => void };
  /** More below the text (the catch-all page's links). */
  children?: ReactNode;
}

/** The one look of every "nothing to show here" page: not found, forbidden, not implemented, load errors. */
export function StatusPage({ icon, color = 'brand', title, text, action, children }: StatusPageProps) {
  return (
    <Center mih="60vh" p="xl">
      <Stack align="center" gap="sm" maw={460} ta="center">
        {/* A light disc in the colour (what ThemeIcon draws, without its code in the first page's script). */}
        <Center w={72} h={72} bg={`var(--mantine-color-${color}-light)`} c={`var(--mantine-color-${color}-light-color)`} style={{ borderRadius: '50%' }}>
          {icon}
        </Center>
        <Title order={2} mt="sm">
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        {/* A link when the action has a target (`to` is left out of the button, undefined there). */}
        {action && (
          <Button component={action.to ? Link : undefined} to={action.to as string} onClick={action.onClick} variant="light" mt="md">
            {action.label}
          </Button>
        )}
        {children}
      </Stack>
    </Center>
  );
}
