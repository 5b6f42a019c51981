import '@mantine/dropzone/styles.css';
import { Button, Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconClipboard, IconCloudUpload, IconUpload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../notify';
import { clipboardFiles } from './clipboardFiles';

export interface AttachmentDropProps {
  multiple: boolean;
  pictures: boolean;
  /** Files dropped, browsed or pasted (several at once only when `multiple`). */
  onFiles: (files: File[]) => void;
}

/** A drop zone (click to browse) and a Paste button reading the clipboard where the browser lets it. */
export function AttachmentDrop({ multiple, pictures, onFiles }: AttachmentDropProps) {
  const { t } = useTranslation();

  const paste = async () => {
    const found = await clipboardFiles();
    if (found === null) notify({ level: 'warning', message: t('engine.attachments.pasteUnsupported') });
    else if (found.length === 0) notify({ level: 'warning', message: t('engine.attachments.pasteEmpty') });
    else onFiles(found);
  };

  return (
    <Stack gap="xs">
      {/* Several files dropped where one is allowed are rejected by the zone: ignored (spec §5.3). */}
      <Dropzone onDrop={onFiles} multiple={multiple} radius="md" p="md" data-testid="attachments-dropzone" aria-label={t('engine.attachments.drop')}>
        <Group justify="center" gap="md" mih={72} style={{ pointerEvents: 'none' }} wrap="nowrap">
          <Dropzone.Accept>
            <IconUpload size={36} stroke={1.5} color="var(--mantine-primary-color-filled)" />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={36} stroke={1.5} color="var(--mantine-color-red-6)" />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconCloudUpload size={36} stroke={1.5} color="var(--mantine-color-dimmed)" />
          </Dropzone.Idle>
          <div>
            <Text size="sm" fw={500}>
              {t(multiple ? 'engine.attachments.drop' : 'engine.attachments.dropOne')}
            </Text>
            <Text size="xs" c="dimmed">
              {t(pictures ? 'engine.attachments.picturesOnly' : 'engine.attachments.sizeLimit')}
            </Text>
          </div>
        </Group>
      </Dropzone>
      <Group justify="flex-end">
        <Button variant="subtle" size="xs" leftSection={<IconClipboard size={14} />} onClick={() => void paste()}>
          {t('engine.attachments.paste')}
        </Button>
      </Group>
    </Stack>
  );
}
