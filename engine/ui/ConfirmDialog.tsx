import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
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

/**
 * A question with Cancel and one confirm button; Cancel has the focus, so Enter never destroys.
 * Each opening mounts a new modal: one asked again while the last one is still fading out would
 * otherwise be unmounted by that fade's end, leaving the question unseen and unanswerable. The
 * modal's root stays in the page while closed, so it is an alertdialog only while open.
 */
export function ConfirmDialog({ opened, title, message, confirmLabel, cancelLabel, danger, loading, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [openings, setOpenings] = useState(0);
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setOpenings(openings + 1);
  }
  return (
    <Modal key={openings} opened={opened} onClose={onCancel} title={<Text fw={600}>{title}</Text>} size="sm" centered zIndex={400} role={opened ? 'alertdialog' : undefined}>
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
