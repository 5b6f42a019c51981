import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** Defaults to Cancel. */
  cancelLabel?: string;
  /** Delete-style (red) confirm button for destructive choices (spec §2). */
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A question with Cancel and one confirm button; Cancel has the focus, so Enter never destroys. */
export function ConfirmDialog({ opened, title, message, confirmLabel, cancelLabel, danger, loading, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={<Text fw={600}>{title}</Text>} size="sm" centered zIndex={400} role="alertdialog">
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {cancelLabel ?? t('engine.action.cancel')}
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
