import '@mantine/dropzone/styles.css';
import { Group, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconCloudUpload, IconUpload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PICTURE_MIME_TYPES } from '../../files/uploads';

export interface AttachmentDropProps {
  multiple: boolean;
  pictures: boolean;
  /** Files dropped, browsed or pasted (several at once only when `multiple`). */
  onFiles: (files: File[]) => void;
}

/** A drop zone: drop files, or click (or Enter) to browse. */
export function AttachmentDrop({ multiple, pictures, onFiles }: AttachmentDropProps) {
  const { t } = useTranslation();
  return (
    <>
      {/* Several files dropped where one is allowed are ignored (spec §5.3); other refusals are told by the panel. */}
      <Dropzone
        onDrop={() => undefined}
        onDropAny={(accepted, rejected) => {
          if (rejected.some((rejection) => rejection.errors.some((error) => error.code === 'too-many-files'))) return;
          onFiles([...accepted, ...rejected.map((rejection) => rejection.file)]);
        }}
        multiple={multiple}
        // The browse dialog offers pictures only where only pictures are taken.
        accept={pictures ? PICTURE_MIME_TYPES : undefined}
        radius="md"
        p="md"
        data-testid="attachments-dropzone"
        aria-label={t('engine.attachments.drop')}
      >
        <Group justify="center" gap="md" mih={56} style={{ pointerEvents: 'none' }} wrap="nowrap">
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
    </>
  );
}
