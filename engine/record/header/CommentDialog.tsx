import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppConfig } from '../../config';
import { propertiesOf } from '../../schema/fields';
import { CountedTextarea, overLimit } from '../../ui/CountedTextarea';
import { useReturnFocus } from '../../ui/useReturnFocus';

export interface CommentDialogProps {
  opened: boolean;
  title: string;
  /** The question, as plain text. */
  message?: string;
  /** A warning above the comment (what the answer will change). */
  notice?: string;
  /** The comment box's label; none: no box. */
  commentLabel?: string;
  /** The comment's limit (a schema's `maxLength`): past it the text stays, counted and marked, and the answer waits. */
  max?: number;
  /** An empty comment is refused with this message. */
  requiredMessage?: string;
  confirmLabel: string;
  confirmColor?: string;
  /** The way out's label (default Cancel; "Back" where the confirm button itself reads "Cancel …"). */
  backLabel?: string;
  /** A question about the record (an alertdialog); otherwise a plain dialog. */
  question?: boolean;
  loading?: boolean;
  /** Runs the answer; a returned text is the server's message on the comment (the dialog stays open). */
  onConfirm: (comment: string) => Promise<string | undefined | void> | void;
  onClose: () => void;
}

/**
 * One dialog for a confirmation with a comment sent along (workflow actions, date answers, reopening):
 * each opening starts empty.
 */
export function CommentDialog(props: CommentDialogProps) {
  return props.opened ? <OpenCommentDialog {...props} /> : null;
}

function OpenCommentDialog({ title, message, notice, commentLabel, max, requiredMessage, confirmLabel, confirmColor, backLabel, question, loading, onConfirm, onClose }: CommentDialogProps) {
  const { t } = useTranslation();
  useReturnFocus();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | undefined>();
  const confirm = async () => {
    const text = comment.trim();
    if (requiredMessage && !text) return setError(requiredMessage);
    const refused = await onConfirm(text);
    if (refused) setError(refused);
  };
  return (
    <Modal opened onClose={onClose} title={<Text fw={600}>{title}</Text>} size={notice ? 'lg' : 'md'} centered role={question ? 'alertdialog' : undefined}>
      <Stack gap="md">
        {message && <Text size="sm">{message}</Text>}
        {notice && (
          <Alert color="orange" variant="light">
            {notice}
          </Alert>
        )}
        {commentLabel && (
          <CountedTextarea
            label={commentLabel}
            value={comment}
            onChange={(event) => {
              setComment(event.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            withAsterisk={!!requiredMessage}
            minRows={requiredMessage ? 3 : 2}
            maxRows={10}
            max={max}
            data-autofocus={requiredMessage ? true : undefined}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus={requiredMessage ? undefined : true}>
            {backLabel ?? t('engine.action.cancel')}
          </Button>
          <Button color={confirmColor} loading={loading} disabled={overLimit(comment.trim(), max)} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The `maxLength` a limit names: `entity.path.to.field` (`report.decision.reopenComment`). */
export function limitOf(config: Pick<AppConfig, 'entities'>, limit: string | undefined): number | undefined {
  if (!limit) return undefined;
  const [entity, ...path] = limit.split('.');
  let schema = config.entities[entity];
  for (const key of path) schema = schema ? propertiesOf(schema)[key] : undefined!;
  const max = schema?.maxLength;
  return typeof max === 'number' ? max : undefined;
}
