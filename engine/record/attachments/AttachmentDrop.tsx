import '@mantine/dropzone/styles.css';
import { Dropzone } from '@mantine/dropzone';
import { IconCloudUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DropzoneBody } from '../../files/DropzoneBody';
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
        <DropzoneBody idleIcon={IconCloudUpload} title={t(multiple ? 'engine.attachments.drop' : 'engine.attachments.dropOne')} hint={t(pictures ? 'engine.attachments.picturesOnly' : 'engine.attachments.sizeLimit')} minHeight={56} />
      </Dropzone>
    </>
  );
}
