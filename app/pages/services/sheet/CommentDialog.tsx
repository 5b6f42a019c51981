import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

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

/** A question with an optional comment sent with the answer (workflow actions, date answers). */
export function CommentDialog({ opened, title, message, confirmLabel, danger, loading, onConfirm, onCancel }: CommentDialogProps) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  useEffect(() => {
    if (opened) setComment('');
  }, [opened]);
  return (
    <Modal opened={opened} onClose={onCancel} title={<Text fw={600}>{title}</Text>} size="md" centered role="alertdialog">
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        <Textarea
          label={t('serviceSheet.comment')}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={1000}
        />
        <Group justify="flex-end">
          {/* "Back", not "Cancel": the confirm button is often "Cancel service". */}
          <Button variant="default" onClick={onCancel} data-autofocus>
            {t('engine.action.back')}
          </Button>
          <Button color={danger ? 'red' : undefined} loading={loading} onClick={() => onConfirm(comment.trim())}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
