import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountedTextarea, overLimit } from '../../../../engine/ui/CountedTextarea';
import { useSchemaText } from './schemaText';

export interface CommentDialogProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
  loading?: boolean;
  onConfirm: (comment: string) => void;
  onCancel: () => void;
}

/**
 * A question with an optional comment sent with the answer (workflow actions, date answers). The
 * server holds that comment to the date line comment's `maxLength`: past it the text stays, counted
 * and marked, and the answer waits.
 */
export function CommentDialog({ opened, title, message, confirmLabel, danger, loading, onConfirm, onCancel }: CommentDialogProps) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const max = useSchemaText('serviceDateLine').maxLength('comment');
  const tooLong = overLimit(comment.trim(), max);
  useEffect(() => {
    if (opened) setComment('');
  }, [opened]);
  return (
    <Modal opened={opened} onClose={onCancel} title={<Text fw={600}>{title}</Text>} size="md" centered role={opened ? 'alertdialog' : undefined}>
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        <CountedTextarea label={t('serviceSheet.comment')} value={comment} onChange={(event) => setComment(event.currentTarget.value)} autosize minRows={2} maxRows={10} max={max} />
        <Group justify="flex-end">
          {/* "Back", not "Cancel": the confirm button is often "Cancel service". */}
          <Button variant="default" onClick={onCancel} data-autofocus>
            {t('engine.action.back')}
          </Button>
          <Button color={danger ? 'red' : undefined} loading={loading} disabled={tooLong} onClick={() => onConfirm(comment.trim())}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
