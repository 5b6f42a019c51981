import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconNote } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../api';
import { getFirst } from '../prefetch';
import { formatDateTime } from '../format/values';
import { titleText } from '../i18n';
import { ensureLabels, knownLabel } from '../lookup/cache';
import { useLabelsVersion } from '../lookup/useLookup';
import { notify } from '../notify';
import { lookupOf, propertiesOf } from '../schema/fields';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { CountedTextarea, overLimit } from '../ui/CountedTextarea';
import { NoteItem } from './NoteItem';
import type { PanelProps } from './panels';
import { firstValue, mayChangeRow, rowCallUrl } from './rowCalls';

type Row = Record<string, unknown>;

/**
 * Panel kind `notes` (docs/schemas.md "Notes and history panels"): a record's notes, newest first,
 * read from the `list` call; a box adding one (`create`, sent at once, not with the record's Save);
 * the pencil (`edit`) and the bin (`remove`) on the notes their rules allow (`editWhen`,
 * `removeWhen`: the author, or a flag the record carries for the caller). `entity` is the notes'
 * schema: the text's label and limit, the author's and company's lookups. A refused note stays in
 * the box with the server's message.
 */
export function NotesPanel({ panel, config, entity, saved, userContactId }: PanelProps) {
  const { t, i18n } = useTranslation();
  const [notes, setNotes] = useState<Row[] | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [deleting, setDeleting] = useState<Row | null>(null);
  useLabelsVersion();
  const noteSchema = config.entities[panel.entity ?? ''];
  const props = propertiesOf(noteSchema);
  const fields = panel.rowFields ?? {};
  const textField = fields.text ?? 'text';
  const idField = noteSchema?.['x-id'] as string;
  const author = fields.author ? lookupOf(props[fields.author]) : undefined;
  const company = fields.company ? lookupOf(props[fields.company]) : undefined;
  const max = props[textField]?.maxLength as number | undefined;
  const listUrl = rowCallUrl(panel.list, saved);
  const createUrl = entity['x-readOnly'] === true ? null : rowCallUrl(panel.create, saved);

  /** `first`: the panel's first read, which may be on its way already, started with the page's route (engine/firstGets.ts). */
  const load = async (first = false) => {
    if (!listUrl) return setNotes([]);
    try {
      const found = await (first ? getFirst<Row[]>(listUrl) : api.get<Row[]>(listUrl));
      setNotes(found);
      if (author) void ensureLabels(author.url, found.map((note) => note[fields.author!]), author.search);
      if (company) void ensureLabels(company.url, found.map((note) => note[fields.company!]), company.search);
    } catch {
      setNotes([]);
    }
  };
  // Read again when the list's address changes (another record); `load` also runs after each write.
  const loadNow = useEffectEvent(() => void load(true));
  useEffect(() => loadNow(), [listUrl]);

  const add = async () => {
    if (!createUrl) return;
    setSending(true);
    setError(undefined);
    try {
      await api.post(createUrl, { [textField]: text.trim() }, { quiet: true });
      setText('');
      notify({ level: 'success', message: t('engine.notes.added') });
      await load();
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      setError(failure.body?.errors?.[0]?.message ?? failure.body?.message ?? failure.message);
    } finally {
      setSending(false);
    }
  };
  // Refusals of an edit or a delete are shown as snackbars by the API's error handler.
  const save = async (note: Row, next: string) => {
    const url = rowCallUrl(panel.edit, saved, note);
    if (!url) return false;
    try {
      await api.put(url, { [idField]: note[idField], [textField]: next, version: note.version });
      notify({ level: 'success', message: t('engine.notes.updated') });
      await load();
      return true;
    } catch {
      return false;
    }
  };
  const remove = async () => {
    const url = deleting && rowCallUrl(panel.remove, saved, deleting);
    setDeleting(null);
    if (!url) return;
    try {
      await api.delete(url);
      notify({ level: 'success', message: t('engine.notes.deleted') });
      await load();
    } catch {
      // shown as a snackbar
    }
  };
  const byline = (note: Row) => {
    // A contact's label already names its company.
    const who = (author && knownLabel(author.url, note[fields.author!])) || (company && knownLabel(company.url, note[fields.company!])) || t('engine.value.notVisible');
    return [who, formatDateTime(firstValue(note, fields.date)?.value, i18n.language)].filter(Boolean).join(' · ');
  };
  const mayChange = (rule: string[] | undefined, note: Row) => !!saved && mayChangeRow(rule, note, saved, fields.author, userContactId);

  if (!saved) return <Text c="dimmed">{t('engine.notes.saveFirst')}</Text>;
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">{titleText(t, panel.title ?? 'engine.notes.title')}</Title>
      {/* A frozen record still takes notes; an entity the API never writes takes none. */}
      {createUrl && (
        <>
          <CountedTextarea label={titleText(t, props[textField]?.title as string | undefined)} value={text} max={max} error={error} minRows={2} maxRows={8} onChange={(event) => setText(event.currentTarget.value)} />
          <Group justify="flex-end">
            <Button leftSection={<IconNote size={16} />} disabled={!text.trim() || overLimit(text.trim(), max)} loading={sending} onClick={() => void add()}>
              {t('engine.notes.add')}
            </Button>
          </Group>
        </>
      )}
      {notes === null ? (
        <Skeleton h={80} />
      ) : notes.length === 0 ? (
        <Text c="dimmed">{t('engine.notes.empty')}</Text>
      ) : (
        <Stack gap="xs" data-testid="record-notes">
          {notes.map((note) => (
            <NoteItem
              key={String(note[idField])}
              text={String(note[textField] ?? '')}
              byline={byline(note)}
              max={max}
              canEdit={!!panel.edit && mayChange(panel.editWhen, note)}
              canDelete={!!panel.remove && mayChange(panel.removeWhen, note)}
              onSave={(next) => save(note, next)}
              onDelete={() => setDeleting(note)}
            />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('engine.notes.deleteTitle')}
        message={t('engine.notes.deleteMessage')}
        confirmLabel={t('engine.notes.delete')}
        danger
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
