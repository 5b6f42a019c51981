import { SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_COMMENT_MAX, type NotificationDraft } from '../../../../../machines/serviceWizard';
import { CountedTextarea } from '../../../../../engine/ui/CountedTextarea';
import { ContactsSelect, NOTIFY_CONTACTS_URL, useCompanyContacts, useDropStaleContacts, useFieldError } from '../fields';
import type { StepProps } from '../stepPanel';

/** Step 5 (the notification form's fields, docs/notifications.md): whether the parties are told by e-mail, who (the parties' contacts) and with what comment. */
export function NotificationStep({ draft, edit, errors }: StepProps) {
  const { t } = useTranslation();
  const { notification, service } = draft;
  const onChange = (patch: Partial<NotificationDraft>) => edit((d) => ({ ...d, notification: { ...d.notification, ...patch } }));
  const errorAt = useFieldError(errors);
  // The notification form's contacts (spec §5): those who take no notification e-mails are shown disabled, but one's own.
  const parties = useCompanyContacts([service.client, service.supplier, service.factory, service.agent, service.serviceProvider], NOTIFY_CONTACTS_URL);
  useDropStaleContacts(parties, notification.tos, (tos) => onChange({ tos }));
  useDropStaleContacts(parties, notification.ccs, (ccs) => onChange({ ccs }));
  const recipients = (field: 'tos' | 'ccs', required: boolean) => (
    <ContactsSelect
      label={t(`serviceWizard.notification.${field}`)}
      contacts={parties.contacts}
      loading={parties.loading}
      value={notification[field]}
      onChange={(ids) => onChange({ [field]: ids })}
      error={errorAt(`/notification/${field}`)}
      required={required}
      emptyText={t('serviceWizard.companies.noContact')}
    />
  );
  return (
    <Stack gap="md">
      <Switch
        size="md"
        label={t('serviceWizard.notification.doSend')}
        description={t('serviceWizard.notification.doSendHelp')}
        checked={notification.doSend}
        onChange={(event) => onChange({ doSend: event.currentTarget.checked })}
      />
      {notification.doSend ? (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {recipients('tos', true)}
            {recipients('ccs', false)}
          </SimpleGrid>
          <CountedTextarea
            label={t('serviceWizard.notification.comment')}
            minRows={3}
            maxRows={8}
            max={NOTIFICATION_COMMENT_MAX}
            value={notification.comment ?? ''}
            onChange={(event) => onChange({ comment: event.currentTarget.value || undefined })}
            error={errorAt('/notification/comment')}
          />
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('serviceWizard.notification.off')}
        </Text>
      )}
    </Stack>
  );
}
