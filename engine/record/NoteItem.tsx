import { ActionIcon, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountedTextarea, overLimit } from '../ui/CountedTextarea';

/** Typed text: its own line breaks kept, a long word wrapped instead of overflowing the card. */
const LONG_TEXT = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

export interface NoteItemProps {
  text: string;
  /** Who and when, on one line. */
  byline: string;
  max: number | undefined;
  canEdit: boolean;
  canDelete: boolean;
  /** Resolves true once saved (the box closes). */
  onSave: (text: string) => Promise<boolean>;
  onDelete: () => void;
}

/** One note: its byline and text, and the pencil and bin its rules allow; the pencil edits it in place. */
export function NoteItem({ text, byline, max, canEdit, canDelete, onSave, onDelete }: NoteItemProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const ready = draft !== null && !!draft.trim() && !overLimit(draft.trim(), max);
  const save = async () => {
    if (!ready) return;
    setSaving(true);
    if (await onSave(draft.trim())) setDraft(null);
    setSaving(false);
  };
  return (
    <Paper withBorder radius="md" p="sm" data-testid="note">
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text size="xs" c="dimmed">
          {byline}
        </Text>
        {draft === null && (
          <Group gap={2} wrap="nowrap">
            {canEdit && (
              <Tooltip label={t('engine.notes.edit')}>
                <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('engine.notes.edit')} onClick={() => setDraft(text)}>
                  <IconPencil size={14} />
                </ActionIcon>
              </Tooltip>
            )}
            {canDelete && (
              <Tooltip label={t('engine.notes.delete')}>
                <ActionIcon variant="subtle" color="red" size="sm" aria-label={t('engine.notes.delete')} onClick={onDelete}>
                  <IconTrash size={14} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        )}
      </Group>
      {draft === null ? (
        <Text size="sm" mt={4} style={LONG_TEXT}>
          {text}
        </Text>
      ) : (
        <Stack gap="xs" mt="xs">
          <CountedTextarea aria-label={t('engine.notes.edit')} value={draft} onChange={(event) => setDraft(event.currentTarget.value)} max={max} minRows={2} />
          <Group gap="xs" justify="flex-end">
            <Button size="xs" variant="default" onClick={() => setDraft(null)}>
              {t('engine.action.cancel')}
            </Button>
            <Button size="xs" loading={saving} disabled={!ready} onClick={() => void save()}>
              {t('engine.action.save')}
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
