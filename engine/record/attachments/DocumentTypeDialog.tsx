import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTypeSelect } from './DocumentTypeSelect';

export interface DocumentTypeDialogProps {
  /** The files waiting for their type; null: closed. */
  files: File[] | null;
  types: string[];
  onUpload: (documentType: string) => void;
  onCancel: () => void;
}

/** The additional data a document upload needs first (spec §5.3): its required document type. */
export function DocumentTypeDialog({ files, types, onUpload, onCancel }: DocumentTypeDialogProps) {
  const { t } = useTranslation();
  const [type, setType] = useState<string | null>(null);
  useEffect(() => {
    if (files) setType(null);
  }, [files]);

  return (
    <Modal opened={files !== null} onClose={onCancel} title={t('engine.attachments.documentTitle')} centered>
      <Stack gap="md">
        <List size="sm" spacing={2}>
          {(files ?? []).map((file, index) => (
            <List.Item key={index}>
              <Text size="sm" truncate maw={380}>
                {file.name}
              </Text>
            </List.Item>
          ))}
        </List>
        <DocumentTypeSelect values={types} value={type} onChange={setType} required />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('engine.action.cancel')}
          </Button>
          <Button disabled={!type} onClick={() => type && onUpload(type)}>
            {t('engine.attachments.upload')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
