import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconNote } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../api';
import { formatDateTime } from '../format/values';
import { titleText } from '../i18n';
import { ensureLabels, knownLabel } from '../lookup/cache';
import { useLabelsVersion } from '../lookup/useLookup';
import { notify } from '../notify';
import { lookupOf, propertiesOf } from '../schema/fields';
import { CountedTextarea, overLimit } from '../ui/CountedTextarea';
import type { PanelProps } from './panels';

type Row = Record<string, unknown>;
/** The notes' own schema (schemas/entities/recordNote.json): the text's limit and the contact lookup. */
const NOTE = 'recordNote';

/**
 * Panel kind `notes`: the record's notes, newest first, and a box to add one (`x-notes`, at
 * `<x-api>/{id}/notes`). A note is sent at once, not with the record's Save; a refused note stays
 * in the box with the server's message.
 */
export function NotesPanel({ panel, config, entity, saved }: PanelProps) {
  const { t, i18n } = useTranslation();
  const [notes, setNotes] = useState<Row[] | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  useLabelsVersion();
  const id = saved?.[entity['x-id'] as string];
  const props = propertiesOf(config.entities[NOTE]);
  const contacts = lookupOf(props.contactId);
  const max = props.text?.maxLength as number | undefined;
  const url = `${entity['x-api']}/${id}/notes`;

  const load = () =>
    api.get<Row[]>(url).then(
      (found) => {
        setNotes(found);
        if (contacts) void ensureLabels(contacts.url, found.map((note) => note.contactId), contacts.search);
      },
      () => setNotes([]),
    );
  const loadFor = useEffectEvent((recordId: unknown) => {
    if (recordId == null) setNotes([]);
    else void load();
  });
  useEffect(() => loadFor(id), [id]);

  const add = async () => {
    setSending(true);
    setError(undefined);
    try {
      await api.post(url, { text }, { quiet: true });
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

  if (id == null) return <Text c="dimmed">{t('engine.notes.saveFirst')}</Text>;
  return (
    <Stack gap="sm">
      <Title order={4}>{titleText(t, panel.title ?? 'engine.notes.title')}</Title>
      {/* A frozen record still takes notes; an entity the API never writes takes none. */}
      {entity['x-readOnly'] !== true && (
        <>
          <CountedTextarea label={titleText(t, props.text?.title as string | undefined)} value={text} max={max} error={error} autosize minRows={2} maxRows={8} onChange={(event) => setText(event.currentTarget.value)} />
          <Group justify="flex-end">
            <Button leftSection={<IconNote size={16} />} disabled={!text.trim() || overLimit(text, max)} loading={sending} onClick={() => void add()}>
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
            <Card key={String(note.recordNoteId)} withBorder radius="md" padding="sm">
              <Text size="xs" c="dimmed">
                {[contacts ? knownLabel(contacts.url, note.contactId) : undefined, formatDateTime(note.date, i18n.language)].filter(Boolean).join(' · ')}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {String(note.text)}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
