import { Alert, Badge, CloseButton, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../api';
import { enqueueUploads, refusedFiles, type FileEntry } from '../../files/uploads';
import { titleText } from '../../i18n';
import { rolesAllow } from '../../schema/roles';
import { ActionButtons } from '../../search/ActionButtons';
import { allowedActions } from '../../search/rowActions';
import { useRowActions } from '../../search/useRowActions';
import { notify } from '../../notify';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useSectionOrder } from '../../ui/frameTitle';
import type { PanelProps } from '../panels';
import { AttachmentDrop } from './AttachmentDrop';
import { AttachmentGallery } from './AttachmentGallery';
import { AttachmentTable } from './AttachmentTable';
import { attachmentTarget } from './attachmentTarget';
import { pastedFiles } from './clipboardFiles';
import { DocumentTypeDialog } from './DocumentTypeDialog';
import { FileEditDialog } from './FileEditDialog';
import { PasteButton } from './PasteButton';
import { RecordUploads } from './RecordUploads';
import { useAttachments } from './useAttachments';

type Refusal = { key: string; params?: object };

/**
 * Panel kind `attachments` (docs/schemas.md "Attachments"): the files of a saved record in a
 * table or a gallery, a drop zone (and paste) queuing new ones through the upload queue, and
 * delete (asked first); `buttons` beside the title act on the record (row actions). Readers get
 * the list only; the server checks every right again.
 */
export function AttachmentsPanel({ panel, config, entity, saved, view, writable, addable, userRoles, onReload }: PanelProps) {
  const { t } = useTranslation();
  const sectionOrder = useSectionOrder();
  const target = useMemo(() => attachmentTarget(panel, entity, saved), [panel, entity, saved]);
  const { files, failed, reload } = useAttachments(target);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const [waiting, setWaiting] = useState<File[] | null>(null);
  const [editing, setEditing] = useState<FileEntry | null>(null);
  const [deleting, setDeleting] = useState<FileEntry | null>(null);
  const [removing, setRemoving] = useState(false);
  const types = ((config.enums.documentType?.enum ?? []) as unknown[]).map(String);
  const allowed = entity['x-readOnly'] !== true && rolesAllow(panel.writeRoles, userRoles);
  const canWrite = writable === true && allowed;
  // Adding may be a right of its own (the page's `addable`): the drop zone then shows without edit and delete.
  const canAdd = canWrite || (addable === true && allowed);
  const multiple = panel.multiple !== false;
  // `buttons` act on the record (a call copying its files elsewhere): `writable` ones only for a caller who may change its files.
  const buttons = allowedActions(panel.buttons, userRoles).filter((action) => !action.writable || canWrite);
  const { run, dialog } = useRowActions(() => {
    void reload();
    onReload?.();
  }, config);

  if (!saved) return <Text c="dimmed">{t('engine.attachments.saveFirst')}</Text>;
  if (!target) return <Alert color="orange">{t('engine.attachments.noDomain')}</Alert>;

  const queue = (chosen: File[], documentType?: string) =>
    enqueueUploads(chosen.map((file) => ({ file, fileType: target.fileType, entityId: target.entityId, ...(documentType ? { documentType } : {}) })));

  // Dropped, browsed or pasted: several at once where one is allowed are ignored (spec §5.3).
  const take = (chosen: File[]) => {
    if (chosen.length === 0 || (!multiple && chosen.length > 1)) return;
    const refused = refusedFiles(chosen, { pictures: target.pictures });
    setRefusals(refused.map(({ key, params }) => ({ key, params })));
    const accepted = chosen.filter((file) => !refused.some((refusal) => refusal.file === file));
    if (accepted.length === 0) return;
    if (target.documentType) setWaiting(accepted);
    else queue(accepted);
  };

  const remove = async () => {
    if (!deleting) return;
    setRemoving(true);
    try {
      await api.delete(target.urls.remove(deleting.fileId));
      notify({ level: 'success', message: t('engine.attachments.deleted', { name: deleting.fileName }) });
      setDeleting(null);
      await reload();
    } catch (failure) {
      // The app has shown the refusal; the list shows what the server holds now.
      if (!(failure instanceof ApiError)) throw failure;
      await reload();
    } finally {
      setRemoving(false);
    }
  };

  const edit = canWrite && target.urls.edit ? setEditing : undefined;
  const del = canWrite ? setDeleting : undefined;
  const List = panel.gallery ? AttachmentGallery : AttachmentTable;

  return (
    // Ctrl+V once the panel has the focus (a click in it); text pasted in a field of its dialogs stays there.
    <Stack
      gap="sm"
      tabIndex={-1}
      style={{ outline: 'none' }}
      onPaste={canAdd ? (event) => !(event.target as HTMLElement).closest('input, textarea') && take(pastedFiles(event)) : undefined}
      data-testid="attachments-panel"
    >
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <IconPaperclip size={18} aria-hidden />
          <Title order={sectionOrder} size="h4">{titleText(t, panel.title ?? 'engine.attachments.title')}</Title>
          {files && files.length > 0 && (
            <Badge variant="light" radius="sm">
              {files.length}
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          <ActionButtons actions={buttons} row={view} onRun={(action, row) => void run(action, row)} />
          {canAdd && <PasteButton onFiles={take} />}
        </Group>
      </Group>
      {canAdd && <AttachmentDrop multiple={multiple} pictures={target.pictures} onFiles={take} />}
      {refusals.map((refusal, index) => (
        <Alert key={index} color="red" variant="light" py="xs" role="alert">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm">{t(refusal.key, refusal.params as Record<string, unknown>)}</Text>
            <CloseButton size="sm" aria-label={t('engine.action.close')} onClick={() => setRefusals((all) => all.filter((_, i) => i !== index))} />
          </Group>
        </Alert>
      ))}
      <RecordUploads fileType={target.fileType} entityId={target.entityId} />
      {failed ? (
        <Alert color="red" variant="light">
          {t('engine.attachments.loadFailed')}
        </Alert>
      ) : files === null ? (
        <Skeleton h={panel.gallery ? 200 : 64} />
      ) : files.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('engine.attachments.empty')}
        </Text>
      ) : (
        <List files={files} fileType={target.fileType} entityId={target.entityId} onEdit={edit} onDelete={del} />
      )}
      <DocumentTypeDialog
        files={waiting}
        types={types}
        onCancel={() => setWaiting(null)}
        onUpload={(documentType) => {
          if (waiting) queue(waiting, documentType);
          setWaiting(null);
        }}
      />
      <FileEditDialog
        file={editing}
        url={editing && target.urls.edit ? target.urls.edit(editing.fileId) : null}
        types={types}
        documentTypeRequired={target.documentType}
        onSaved={() => void reload()}
        onClose={() => setEditing(null)}
      />
      {dialog}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('engine.attachments.deleteTitle')}
        message={t('engine.attachments.deleteMessage', { name: deleting?.fileName ?? '' })}
        confirmLabel={t('engine.action.delete')}
        danger
        loading={removing}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
