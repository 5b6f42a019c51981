import { ActionIcon, Anchor, Group, Image, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FileEntry } from '../../files/uploads';
import { formatDateTime } from '../../format/values';
import { enumText } from '../../i18n';
import { fileUrls } from './attachmentTarget';
import { FileTypeIcon, formatBytes } from './fileLook';

export interface AttachmentTableProps {
  files: FileEntry[];
  fileType: string;
  entityId: number;
  /** Absent for a reader: no edit/delete buttons. */
  onEdit?: (file: FileEntry) => void;
  onDelete?: (file: FileEntry) => void;
}

/** The record's files: thumbnail or type icon, name (downloads it), size, document type, author, date. */
export function AttachmentTable({ files, fileType, entityId, onEdit, onDelete }: AttachmentTableProps) {
  const { t, i18n } = useTranslation();
  const showType = files.some((file) => file.documentType);
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" highlightOnHover data-testid="attachments-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={72} />
            <Table.Th>{t('engine.attachments.fileName')}</Table.Th>
            <Table.Th w={90}>{t('engine.attachments.size')}</Table.Th>
            {showType && <Table.Th>{t('engine.attachments.documentType')}</Table.Th>}
            <Table.Th>{t('engine.attachments.author')}</Table.Th>
            <Table.Th w={150}>{t('engine.attachments.date')}</Table.Th>
            {(onEdit || onDelete) && <Table.Th w={80} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((file) => {
            const urls = fileUrls(fileType, entityId, file.fileId, file.fileName);
            return (
              <Table.Tr key={file.fileId} data-testid="attachment-row">
                <Table.Td>
                  {file.picture ? (
                    <Image src={urls.thumbnail} h={48} w="auto" maw={72} radius="sm" alt="" fit="contain" loading="lazy" data-testid="attachment-thumbnail" />
                  ) : (
                    <FileTypeIcon mimeType={file.mimeType} />
                  )}
                </Table.Td>
                <Table.Td>
                  <Anchor href={urls.download} download={file.fileName} size="sm" style={{ wordBreak: 'break-word' }}>
                    {file.fileName}
                  </Anchor>
                  {file.comment && (
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {file.comment}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatBytes(file.byteSize, i18n.language)}
                  </Text>
                </Table.Td>
                {showType && <Table.Td>{enumText(t, 'documentType', file.documentType)}</Table.Td>}
                <Table.Td>
                  <Text size="sm">{file.author ?? ''}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(file.creationDate, i18n.language)}
                  </Text>
                </Table.Td>
                {(onEdit || onDelete) && (
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      {onEdit && (
                        <Tooltip label={t('engine.attachments.edit')}>
                          <ActionIcon variant="subtle" aria-label={t('engine.attachments.edit')} onClick={() => onEdit(file)}>
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                      {onDelete && (
                        <Tooltip label={t('engine.action.delete')}>
                          <ActionIcon variant="subtle" color="red" aria-label={t('engine.attachments.deleteFile', { name: file.fileName })} onClick={() => onDelete(file)}>
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
