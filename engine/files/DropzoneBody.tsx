import { Group, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconUpload, IconX, type Icon } from '@tabler/icons-react';

export interface DropzoneBodyProps {
  /** The icon while nothing is dragged over the zone. */
  idleIcon: Icon;
  title: string;
  hint: string;
  minHeight: number;
}

/** What a drop zone shows: an icon for its state (files accepted, refused, nothing dragged), a title and a hint. */
export function DropzoneBody({ idleIcon: Idle, title, hint, minHeight }: DropzoneBodyProps) {
  return (
    <Group justify="center" gap="md" mih={minHeight} style={{ pointerEvents: 'none' }} wrap="nowrap">
      <Dropzone.Accept>
        <IconUpload size={36} stroke={1.5} color="var(--mantine-primary-color-filled)" />
      </Dropzone.Accept>
      <Dropzone.Reject>
        <IconX size={36} stroke={1.5} color="var(--mantine-color-red-6)" />
      </Dropzone.Reject>
      <Dropzone.Idle>
        <Idle size={36} stroke={1.5} color="var(--mantine-color-dimmed)" />
      </Dropzone.Idle>
      <div>
        <Text size="sm" fw={500}>
          {title}
        </Text>
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      </div>
    </Group>
  );
}
