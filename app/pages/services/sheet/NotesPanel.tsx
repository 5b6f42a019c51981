import { ActionIcon, Button, Group, Paper, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountedTextarea, overLimit } from '../../../../engine/ui/CountedTextarea';
import { ConfirmDialog } from '../../../../engine/ui/ConfirmDialog';
import { useReadySession } from '../../../auth/session';
import { showSnack } from '../../../notifications/snackbar';
import { serviceApi, type NoteView, type ServiceView } from '../shared/serviceApi';
import { InfoCard } from './InfoCard';
import { useSchemaText } from './schemaText';
import { useLookupLabels } from './useLookupLabels';
import type { ServiceSheet } from './useServiceSheet';
import { LONG_TEXT } from './longText';

/** One note: its text, author and date; its author edits it, its author or the owner deletes it. */
function NoteItem({ note, canEdit, canDelete, author, when, max, onSave, onDelete }: {
  note: NoteView;
  max: number | undefined;
  canEdit: boolean;
  canDelete: boolean;
  author: string;
  when: string;
  onSave: (text: string) => Promise<boolean>;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    if (!draft?.trim() || overLimit(draft.trim(), max)) return;
    setSaving(true);
    if (await onSave(draft.trim())) setDraft(null);
    setSaving(false);
  };
  return (
    <Paper withBorder radius="md" p="sm" data-testid="note">
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text size="xs" c="dimmed">
          {author} · {when}
        </Text>
        {draft === null && (
          <Group gap={2} wrap="nowrap">
            {canEdit && (
              <Tooltip label={t('serviceSheet.notes.edit')}>
                <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('serviceSheet.notes.edit')} onClick={() => setDraft(note.text)}>
                  <IconPencil size={14} />
                </ActionIcon>
              </Tooltip>
            )}
            {canDelete && (
              <Tooltip label={t('serviceSheet.notes.delete')}>
                <ActionIcon variant="subtle" color="red" size="sm" aria-label={t('serviceSheet.notes.delete')} onClick={onDelete}>
                  <IconTrash size={14} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        )}
      </Group>
      {draft === null ? (
        <Text size="sm" mt={4} style={LONG_TEXT}>
          {note.text}
        </Text>
      ) : (
        <Stack gap="xs" mt="xs">
          <CountedTextarea aria-label={t('serviceSheet.notes.edit')} value={draft} onChange={(event) => setDraft(event.currentTarget.value)} max={max} autosize minRows={2} />
          <Group gap="xs" justify="flex-end">
            <Button size="xs" variant="default" onClick={() => setDraft(null)}>
              {t('engine.action.cancel')}
            </Button>
            <Button size="xs" loading={saving} disabled={!draft.trim() || overLimit(draft.trim(), max)} onClick={() => void save()}>
              {t('serviceSheet.notes.save')}
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}

/** The notes of the service: anyone who sees it reads and adds notes (docs/services.md). */
export function NotesPanel({ service, sheet }: { service: ServiceView; sheet: ServiceSheet }) {
  const { t } = useTranslation();
  const { profile } = useReadySession();
  const text = useSchemaText('serviceNote');
  const max = text.maxLength('text');
  const [notes, setNotes] = useState<NoteView[] | null>(null);
  const [draft, setDraft] = useState('');
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<NoteView | null>(null);
  const [busy, setBusy] = useState(false);
  const author = useLookupLabels(text.lookupUrl('creator'), (notes ?? []).map((note) => note.creator));
  const company = useLookupLabels(text.lookupUrl('companyId'), (notes ?? []).map((note) => note.companyId));

  useEffect(() => {
    let live = true;
    serviceApi
      .notes(service.serviceId)
      .then((found) => live && setNotes(found))
      .catch(() => live && setNotes([]));
    return () => {
      live = false;
    };
  }, [service.serviceId, sheet.revision]);

  const add = async () => {
    if (!draft.trim() || overLimit(draft.trim(), max)) return;
    setAdding(true);
    try {
      await serviceApi.addNote(service.serviceId, draft.trim());
      setDraft('');
      showSnack({ level: 'success', message: t('serviceSheet.notes.added') });
      sheet.touch();
    } catch {
      // shown as a snack by the API error handler
    } finally {
      setAdding(false);
    }
  };
  const save = async (note: NoteView, next: string) => {
    try {
      await serviceApi.editNote(service.serviceId, { noteId: note.noteId, text: next, version: note.version });
      showSnack({ level: 'success', message: t('serviceSheet.notes.updated') });
      sheet.touch();
      return true;
    } catch {
      return false;
    }
  };
  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await serviceApi.deleteNote(service.serviceId, deleting.noteId);
      showSnack({ level: 'success', message: t('serviceSheet.notes.deleted') });
      sheet.touch();
    } catch {
      // shown as a snack
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };
  // A contact's label already names its company.
  const byline = (note: NoteView) => author(note.creator)?.label ?? company(note.companyId)?.label ?? t('serviceSheet.notVisible');

  return (
    <InfoCard title={t('serviceSheet.notes.title')} testId="notes">
      <Stack gap="sm">
        <CountedTextarea
          aria-label={t('serviceSheet.notes.new')}
          placeholder={t('serviceSheet.notes.placeholder')}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          max={max}
          autosize
          minRows={2}
          maxRows={8}
        />
        <Group justify="flex-end">
          <Button size="xs" loading={adding} disabled={!draft.trim() || overLimit(draft.trim(), max)} onClick={() => void add()}>
            {t('serviceSheet.notes.add')}
          </Button>
        </Group>
        {notes === null ? (
          <Skeleton h={56} radius="md" />
        ) : notes.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('serviceSheet.notes.empty')}
          </Text>
        ) : (
          notes.map((note) => {
            const mine = note.creator === profile.contactId;
            return (
              <NoteItem
                key={note.noteId}
                note={note}
                canEdit={mine}
                canDelete={mine || service.owner}
                author={byline(note)}
                when={text.dateTime(note.updateDate ?? note.creationDate)}
                max={max}
                onSave={(next) => save(note, next)}
                onDelete={() => setDeleting(note)}
              />
            );
          })
        )}
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('serviceSheet.notes.deleteTitle')}
        message={t('serviceSheet.notes.deleteMessage')}
        confirmLabel={t('serviceSheet.notes.delete')}
        danger
        loading={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </InfoCard>
  );
}
