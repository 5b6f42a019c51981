import { ActionIcon, Anchor, Box, Group, Image, Paper, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileEntry } from '../../files/uploads';
import { fileUrls } from './attachmentTarget';
import { FileTypeIcon, formatBytes } from './fileLook';

// The lightbox library loads with the first picture opened.
const PictureLightbox = lazy(() => import('./PictureLightbox'));

/** spec §9: gallery pictures are 200x200. */
const TILE = 200;

export interface AttachmentGalleryProps {
  files: FileEntry[];
  fileType: string;
  entityId: number;
  onEdit?: (file: FileEntry) => void;
  onDelete?: (file: FileEntry) => void;
}

/** The files as 200x200 tiles; a picture opens the lightbox (originals, next/previous), another file downloads. */
export function AttachmentGallery({ files, fileType, entityId, onEdit, onDelete }: AttachmentGalleryProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(-1);
  const pictures = files.filter((file) => file.picture);
  // The edit popup opens over the page, so the lightbox closes first.
  const editPicture =
    onEdit &&
    ((index: number) => {
      setOpen(-1);
      onEdit(pictures[index]);
    });

  return (
    <>
      <Group gap="md" align="flex-start" data-testid="attachments-gallery">
        {files.map((file) => {
          const urls = fileUrls(fileType, entityId, file.fileId, file.fileName);
          return (
            <Paper key={file.fileId} withBorder radius="md" w={TILE + 2} style={{ overflow: 'hidden' }} data-testid="gallery-tile">
              {file.picture ? (
                <UnstyledButton onClick={() => setOpen(pictures.indexOf(file))} aria-label={t('engine.attachments.view', { name: file.fileName })} display="block">
                  <Image src={urls.tile} w={TILE} h={TILE} fit="cover" alt={file.fileName} loading="lazy" />
                </UnstyledButton>
              ) : (
                <Anchor href={urls.download} download={file.fileName} underline="never" c="inherit">
                  <Stack w={TILE} h={TILE} align="center" justify="center" gap={6} bg="var(--mantine-color-default-hover)">
                    <FileTypeIcon mimeType={file.mimeType} size={56} />
                    <Text size="xs" c="dimmed">
                      {formatBytes(file.byteSize, i18n.language)}
                    </Text>
                  </Stack>
                </Anchor>
              )}
              <Group gap={4} px="xs" py={6} wrap="nowrap" justify="space-between">
                <Box style={{ minWidth: 0 }}>
                  <Text size="xs" fw={500} truncate title={file.fileName}>
                    {file.fileName}
                  </Text>
                  {file.comment && (
                    <Text size="xs" c="dimmed" truncate title={file.comment}>
                      {file.comment}
                    </Text>
                  )}
                </Box>
                <Group gap={0} wrap="nowrap">
                  {onEdit && (
                    <Tooltip label={t('engine.attachments.edit')}>
                      <ActionIcon size="sm" variant="subtle" aria-label={t('engine.attachments.edit')} onClick={() => onEdit(file)}>
                        <IconPencil size={14} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  {onDelete && (
                    <Tooltip label={t('engine.action.delete')}>
                      <ActionIcon size="sm" variant="subtle" color="red" aria-label={t('engine.attachments.deleteFile', { name: file.fileName })} onClick={() => onDelete(file)}>
                        <IconTrash size={14} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Group>
            </Paper>
          );
        })}
      </Group>
      {open >= 0 && (
        <Suspense fallback={null}>
          <PictureLightbox
            pictures={pictures.map((file) => ({ src: fileUrls(fileType, entityId, file.fileId, file.fileName).original, title: file.fileName, description: file.comment }))}
            index={open}
            onClose={() => setOpen(-1)}
            editLabel={onEdit ? t('engine.attachments.edit') : undefined}
            onEdit={editPicture}
          />
        </Suspense>
      )}
    </>
  );
}
