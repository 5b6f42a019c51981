import { Button, Group, Modal, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { IconClock } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateLocale, dayFormat } from '../../../../../engine/format/localDates';
import { CountedTextarea, overLimit } from '../../../../../engine/ui/CountedTextarea';
import type { SchemaText } from '../schemaText';
import type { ReminderInput, ReminderView } from './reminderApi';

interface Props {
  /** The reminder edited, or null for a new one. */
  reminder: ReminderView | null;
  recipients: { value: string; label: string }[];
  text: SchemaText;
  onSave: (input: ReminderInput) => Promise<boolean>;
  onClose: () => void;
}

const LANGUAGES = ['en', 'fr', 'it'] as const;

/** The form of a reminder: its time (in the user's time zone and date format), recipients, subject, comment and default language. */
export function ReminderDialog({ reminder, recipients, text, onSave, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const [sendAt, setSendAt] = useState<string | null>(reminder ? dayjs(reminder.sendAt).format('YYYY-MM-DD HH:mm:ss') : null);
  const [tos, setTos] = useState<string[]>((reminder?.tos ?? []).map(String));
  const [subject, setSubject] = useState(reminder?.subject ?? '');
  const [comment, setComment] = useState(reminder?.comment ?? '');
  const [locale, setLocale] = useState<string | null>(reminder?.locale ?? i18n.language.slice(0, 2));
  const [saving, setSaving] = useState(false);
  const maxSubject = text.maxLength('subject');
  const maxComment = text.maxLength('comment');
  const ready = !!sendAt && tos.length > 0 && !overLimit(comment, maxComment) && !overLimit(subject, maxSubject);

  const save = async () => {
    if (!ready) return;
    setSaving(true);
    const input: ReminderInput = {
      sendAt: new Date(sendAt!.replace(' ', 'T')).toISOString(),
      tos: tos.map(Number) as ReminderInput['tos'],
      ...(subject.trim() ? { subject: subject.trim() } : {}),
      ...(comment.trim() ? { comment: comment.trim() } : {}),
      ...(locale ? { locale: locale as ReminderInput['locale'] } : {}),
    };
    const saved = await onSave(input);
    setSaving(false);
    if (saved) onClose();
  };

  return (
    <Modal opened onClose={onClose} title={t(reminder ? 'serviceSheet.reminders.editTitle' : 'serviceSheet.reminders.addTitle')} size="lg" data-testid="reminder-dialog">
      <Stack gap="sm">
        <DateTimePicker
          label={text.label('sendAt')}
          required
          value={sendAt}
          onChange={(next) => setSendAt(next ? String(next) : null)}
          valueFormat={`${dayFormat(dateLocale(i18n.language))} HH:mm`}
          minDate={dayjs().format('YYYY-MM-DD')}
          leftSection={<IconClock size={16} />}
          popoverProps={{ withinPortal: true }}
        />
        <MultiSelect label={text.label('tos')} required data={recipients} value={tos} onChange={setTos} searchable nothingFoundMessage={t('serviceSheet.reminders.noRecipient')} />
        <TextInput label={text.label('subject')} placeholder={t('serviceSheet.reminders.subjectPlaceholder')} value={subject} onChange={(event) => setSubject(event.currentTarget.value)} maxLength={maxSubject} />
        <CountedTextarea label={text.label('comment')} value={comment} onChange={(event) => setComment(event.currentTarget.value)} max={maxComment} autosize minRows={3} maxRows={8} />
        <Select label={text.label('locale')} description={t('serviceSheet.reminders.localeHint')} data={LANGUAGES.map((value) => ({ value, label: t(`enum.language.${value}`) }))} value={locale} onChange={setLocale} allowDeselect={false} />
        <Group justify="flex-end" gap="xs" mt="xs">
          <Button variant="default" onClick={onClose}>
            {t('engine.action.cancel')}
          </Button>
          <Button loading={saving} disabled={!ready} onClick={() => void save()}>
            {t('serviceSheet.reminders.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
