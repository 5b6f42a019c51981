import { ActionIcon, Badge, Button, Group, Skeleton, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconBellPlus, IconPencil, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PanelProps } from '../../../../../engine/record/panels';
import { ConfirmDialog } from '../../../../../engine/ui/ConfirmDialog';
import { showSnack } from '../../../../notifications/snackbar';
import { useSchemaText } from '../schemaText';
import { reminderApi, type ReminderInput, type ReminderView } from './reminderApi';
import { ReminderDialog } from './ReminderDialog';

const PARTIES = ['client', 'supplier', 'factory', 'agent', 'serviceProvider', 'creatorCompany'] as const;

/**
 * The reminders of a service (schemas/screens/serviceSheet.json, `kind: "custom"`): SERVICE_REMINDER
 * e-mails at a chosen time. Everyone who sees the service reads them; whoever may write the
 * sheet adds, edits and deletes pending ones (the server decides: docs/jobs.md).
 */
export function RemindersPanel({ record, writable }: PanelProps) {
  const { t } = useTranslation();
  const text = useSchemaText('reminder');
  const serviceId = Number(record.serviceId);
  const [reminders, setReminders] = useState<ReminderView[] | null>(null);
  const [recipients, setRecipients] = useState<{ value: string; label: string }[]>([]);
  const [editing, setEditing] = useState<ReminderView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ReminderView | null>(null);
  const [busy, setBusy] = useState(false);
  const [revision, setRevision] = useState(0);
  const companies = useMemo(() => [...new Set(PARTIES.map((field) => record[field]).filter((id): id is number => typeof id === 'number'))], [record]);

  useEffect(() => {
    let live = true;
    reminderApi
      .list(serviceId)
      .then((found) => live && setReminders(found))
      .catch(() => live && setReminders([]));
    return () => {
      live = false;
    };
  }, [serviceId, revision]);
  useEffect(() => {
    if (!companies.length) return;
    void reminderApi.recipients(companies).then((options) => setRecipients(options.map((option) => ({ value: String(option.value), label: option.label }))));
  }, [companies]);

  const names = new Map(recipients.map((option) => [option.value, option.label]));
  const save = async (input: ReminderInput) => {
    try {
      if (editing === 'new') await reminderApi.create(serviceId, input);
      else if (editing) await reminderApi.update(editing, input);
      showSnack({ level: 'success', message: t('serviceSheet.reminders.saved') });
      setRevision((n) => n + 1);
      return true;
    } catch {
      return false; // the server's message is shown as a snack
    }
  };
  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await reminderApi.remove(deleting.reminderId);
      showSnack({ level: 'success', message: t('serviceSheet.reminders.deleted') });
      setRevision((n) => n + 1);
    } catch {
      // shown as a snack
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  return (
    <>
      <Group justify="space-between" mb="sm">
        <Title order={4}>{t('serviceSheet.reminders.title')}</Title>
        {writable && (
          <Button size="xs" leftSection={<IconBellPlus size={16} />} onClick={() => setEditing('new')}>
            {t('serviceSheet.reminders.add')}
          </Button>
        )}
      </Group>
      {reminders === null ? (
        <Skeleton h={64} radius="md" />
      ) : reminders.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('serviceSheet.reminders.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" data-testid="reminders">
            <Table.Thead>
              <Table.Tr>
                {(['sendAt', 'tos', 'subject', 'status'] as const).map((field) => (
                  <Table.Th key={field}>{text.label(field)}</Table.Th>
                ))}
                <Table.Th w={80} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {reminders.map((reminder) => (
                <Table.Tr key={reminder.reminderId} data-testid="reminder">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{text.dateTime(reminder.sendAt)}</Table.Td>
                  <Table.Td>{reminder.tos.map((id) => names.get(String(id)) ?? `#${id}`).join(', ')}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{reminder.subject ?? t('serviceSheet.reminders.defaultSubject')}</Text>
                    {reminder.comment && (
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {reminder.comment}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={text.color('status', reminder.status)}>
                      {text.value('status', reminder.status)}
                    </Badge>
                    {reminder.sentAt && (
                      <Text size="xs" c="dimmed">
                        {text.dateTime(reminder.sentAt)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {writable && (
                      <Group gap={2} wrap="nowrap" justify="flex-end">
                        {reminder.status === 'PENDING' && (
                          <Tooltip label={t('serviceSheet.reminders.edit')}>
                            <ActionIcon variant="subtle" color="gray" aria-label={t('serviceSheet.reminders.edit')} onClick={() => setEditing(reminder)}>
                              <IconPencil size={16} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                        <Tooltip label={t('serviceSheet.reminders.delete')}>
                          <ActionIcon variant="subtle" color="red" aria-label={t('serviceSheet.reminders.delete')} onClick={() => setDeleting(reminder)}>
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && <ReminderDialog reminder={editing === 'new' ? null : editing} recipients={recipients} text={text} onSave={save} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('serviceSheet.reminders.deleteTitle')}
        message={t('serviceSheet.reminders.deleteMessage')}
        confirmLabel={t('serviceSheet.reminders.delete')}
        danger
        loading={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
