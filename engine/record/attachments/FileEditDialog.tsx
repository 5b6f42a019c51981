import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../api';
import type { FileEntry } from '../../files/uploads';
import { GrowingTextarea } from '../../ui/GrowingTextarea';
import { DocumentTypeSelect } from './DocumentTypeSelect';

export interface FileEditDialogProps {
  /** The file edited; null: closed. */
  file: FileEntry | null;
  /** Where its changes go (PATCH `{ fileName, comment, documentType }`). */
  url: string | null;
  types: string[];
  documentTypeRequired: boolean;
  onSaved: () => void;
  onClose: () => void;
}

/** A file's name, comment and document type, changed in a popup; a refusal keeps what was typed. */
export function FileEditDialog({ file, url, types, documentTypeRequired, onSaved, onClose }: FileEditDialogProps) {
  const { t } = useTranslation();
  const [fileName, setFileName] = useState('');
  const [comment, setComment] = useState('');
  const [documentType, setDocumentType] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!file) return;
    setFileName(file.fileName);
    setComment(file.comment ?? '');
    setDocumentType(file.documentType ?? null);
    setError(undefined);
  }, [file]);

  const save = async () => {
    if (!url) return;
    setSaving(true);
    setError(undefined);
    try {
      await api.patch(url, { fileName: fileName.trim(), comment, ...(documentType ? { documentType } : {}) }, { quiet: true });
      onSaved();
      onClose();
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      setError(failure.body?.errors?.[0]?.message ?? failure.body?.message ?? failure.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={file !== null} onClose={onClose} title={t('engine.attachments.editTitle')} centered>
      <Stack gap="md">
        <TextInput label={t('engine.attachments.fileName')} value={fileName} onChange={(event) => setFileName(event.currentTarget.value)} required maxLength={255} error={error} data-autofocus />
        <GrowingTextarea label={t('engine.attachments.comment')} value={comment} onChange={(event) => setComment(event.currentTarget.value)} minRows={2} maxRows={6} />
        <DocumentTypeSelect values={types} value={documentType} onChange={setDocumentType} required={documentTypeRequired} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('engine.action.cancel')}
          </Button>
          <Button loading={saving} disabled={!fileName.trim() || (documentTypeRequired && !documentType)} onClick={() => void save()}>
            {t('engine.action.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
