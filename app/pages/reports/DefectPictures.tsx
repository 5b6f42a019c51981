import { ActionIcon, FileButton, Group, Image, Loader, MultiSelect, Stack, Tooltip } from '@mantine/core';
import { IconCameraPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PICTURE_MIME_TYPES, refusedFiles, type FileEntry } from '../../../engine/files/uploads';
import { notify } from '../../../engine/notify';

/** The h48 thumbnails of a defect's pictures (elements of the service). */
export function DefectThumbnails({ serviceId, fileIds, names }: { serviceId: number; fileIds: number[]; names: Map<number, string> }) {
  if (fileIds.length === 0) return null;
  return (
    <Group gap={4} data-testid="defect-thumbnails">
      {fileIds.map((fileId) => (
        <Image key={fileId} src={`/back/photos/h48/${serviceId}_${fileId}/picture`} h={48} w="auto" radius="sm" alt={names.get(fileId) ?? String(fileId)} />
      ))}
    </Group>
  );
}

interface DefectPicturesCellProps {
  serviceId: number;
  value: number[];
  pictures: FileEntry[];
  waiting: number;
  onChange: (fileIds: number[]) => void;
  onTake: (files: File[]) => void;
}

/** A defect's pictures: chosen among the service's pictures, or taken now (queued, then attached), shown as thumbnails. */
export function DefectPicturesCell({ serviceId, value, pictures, waiting, onChange, onTake }: DefectPicturesCellProps) {
  const { t } = useTranslation();
  const take = (files: File[]) => {
    const refused = refusedFiles(files, { pictures: true });
    refused.forEach(({ key, params }) => notify({ level: 'warning', message: t(key, params as Record<string, unknown>) }));
    const accepted = files.filter((file) => !refused.some((refusal) => refusal.file === file));
    if (accepted.length) onTake(accepted);
  };
  const names = new Map(pictures.map((file) => [file.fileId, file.fileName]));
  return (
    <Stack gap={4}>
      <Group gap={4} wrap="nowrap" align="flex-start">
        {pictures.length > 0 && (
          <MultiSelect
            aria-label={t('reportDefect.pictures')}
            data={pictures.map((file) => ({ value: String(file.fileId), label: file.fileName }))}
            value={value.map(String)}
            maxValues={20}
            clearable
            style={{ flex: 1, minWidth: 0 }}
            onChange={(values) => onChange(values.map(Number))}
          />
        )}
        <FileButton onChange={take} accept={PICTURE_MIME_TYPES.join(',')} multiple>
          {(props) => (
            <Tooltip label={t('report.defectsPanel.takePicture')}>
              <ActionIcon {...props} variant="light" size="lg" aria-label={t('report.defectsPanel.takePicture')} disabled={value.length >= 20}>
                <IconCameraPlus size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </FileButton>
        {waiting > 0 && <Loader size="sm" aria-label={t('report.defectsPanel.pictureUploading')} />}
      </Group>
      <DefectThumbnails serviceId={serviceId} fileIds={value} names={names} />
    </Stack>
  );
}
