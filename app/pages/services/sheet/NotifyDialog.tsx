import { Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api, reportApiError } from '../../../../engine/api';
import { FormDialogBody } from '../../../../engine/form/FormDialogBody';
import type { FieldError } from '../../../../engine/form/validation';
import { formatDateTime } from '../../../../engine/format/values';
import { enumText } from '../../../../engine/i18n';
import { enumOf, propertiesOf } from '../../../../engine/schema/fields';
import type { JsonSchema } from '../../../../engine/schema/resolve';
import { useReadySession } from '../../../auth/session';
import { showSnack } from '../../../notifications/snackbar';
import { NotifyChoicesWidget, type NotifyChoice } from '../../../widgets/NotifyChoicesWidget';
import { registerWidget } from '../../../../engine/form/widgetRegistry';
import type { ServiceView } from '../shared/serviceApi';

type Row = Record<string, unknown>;

// The sheet renders its forms without the engine screens' chunk, which registers the app's widgets.
registerWidget('notifyChoices', NotifyChoicesWidget);

/** The fields of the notification form (schemas/entities/notification.json) the dialog edits. */
export const NOTIFY_FIELDS = ['doSend', 'locale', 'replyTo', 'subject', 'tos', 'ccs', 'comment', 'attachments'] as const;

const notifyUrl = (serviceId: number, tail: string) => `/back/bo/notify/services/${serviceId}/${tail}`;

/** The type a service's step suggests first. */
export function suggestedType(step: string | undefined): string {
  if (step === 'CONFIRMED') return 'SERVICE_CONFIRMED';
  if (step === 'CANCELLED') return 'SERVICE_CANCELED';
  if (step === 'TERMINATED') return 'REPORT_AVAILABLE';
  return 'SERVICE_CREATED';
}

/**
 * The form's schema: the entity's fields; when sending, the to list and the subject are required
 * (spec §5), otherwise only the switch shows.
 */
export function notifySchema(entity: JsonSchema, doSend: boolean): JsonSchema {
  const props = propertiesOf(entity);
  const fields = doSend ? NOTIFY_FIELDS : (['doSend'] as const);
  return {
    type: 'object',
    properties: Object.fromEntries(fields.map((field) => [field, field === 'tos' ? { ...props[field], minItems: 1 } : props[field]])),
    required: doSend ? ['subject', 'tos'] : [],
  };
}

export interface NotifyDialogProps {
  opened: boolean;
  service: ServiceView;
  onClose: () => void;
}

/**
 * "Notify" on the service sheet (spec §3 notification form): a type, then the form the server
 * prefills for it (GET …/rules/{type}: subject in the caller's language, recipients, reply-to,
 * when it was last sent); contacts who take no notification e-mails are shown greyed out. The
 * server checks it all again on sending; its field errors land on the fields.
 */
export function NotifyDialog({ opened, service, onClose }: NotifyDialogProps) {
  const { t, i18n } = useTranslation();
  const { config } = useReadySession();
  const entity = config.entities.notification;
  const types = enumOf(propertiesOf(entity).type)?.values ?? [];
  const [type, setType] = useState(suggestedType(service.serviceStep));
  const [data, setData] = useState<Row | null>(null);
  const [choices, setChoices] = useState<NotifyChoice[]>([]);
  const [files, setFiles] = useState<NotifyChoice[]>([]);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [sending, setSending] = useState(false);
  const serviceId = service.serviceId;

  useEffect(() => {
    if (!opened) return;
    let live = true;
    api
      .get<NotifyChoice[]>(notifyUrl(serviceId, 'emails'), { query: { includeUniverseContact: true }, quiet: true })
      .then((found) => live && setChoices(found))
      .catch(() => live && setChoices([]));
    // The service's files (its elements) may go with the e-mail.
    api
      .get<{ fileId: number; fileName: string }[]>(`/back/bo/serviceElements/${serviceId}/elements`, { quiet: true })
      .then((found) => live && setFiles(found.map((file) => ({ value: file.fileId, label: file.fileName, disabled: false }))))
      .catch(() => live && setFiles([]));
    return () => {
      live = false;
    };
  }, [opened, serviceId]);

  useEffect(() => {
    if (!opened) return;
    let live = true;
    setData(null);
    setServerErrors([]);
    api
      .get<Row>(notifyUrl(serviceId, `rules/${type}`))
      .then((form) => live && setData(form))
      .catch((error) => {
        if (error instanceof ApiError) reportApiError(error);
        if (live) onClose();
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refilled per opening and per type
  }, [opened, serviceId, type]);

  const doSend = data?.doSend !== false;
  const schema = useMemo(() => notifySchema(entity, doSend), [entity, doSend]);
  const ui = useMemo(() => {
    const base = (config.ui.notification ?? {}) as Row;
    const offer = (field: string, items: NotifyChoice[]) => ({ ...(base[field] as Row), 'ui:options': { ...((base[field] as Row)?.['ui:options'] as Row), choices: items } });
    return { ...base, tos: offer('tos', choices), ccs: offer('ccs', choices), attachments: offer('attachments', files) };
  }, [config.ui, choices, files]);

  const send = async (form: Row) => {
    setSending(true);
    setServerErrors([]);
    try {
      const body = Object.fromEntries(NOTIFY_FIELDS.filter((field) => form[field] !== undefined).map((field) => [field, form[field]]));
      const answer = await api.post<{ sent: number[] }>(notifyUrl(serviceId, `rules/${type}`), body, { quiet: true });
      showSnack({
        level: 'success',
        message: form.doSend === false ? t('notify.notSent') : t('notify.sent', { count: answer.sent.length, type: enumText(t, 'notificationType', type) }),
      });
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const fields = (error.body?.errors ?? []).filter((item) => item.path);
      if ((error.status === 400 || error.status === 422) && fields.length) setServerErrors(fields.map((item) => ({ path: item.path, message: item.message })));
      else reportApiError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      centered
      title={
        <Group gap="xs">
          <IconMail size={18} />
          <Text fw={600}>{t('notify.title', { number: service.number })}</Text>
        </Group>
      }
    >
      <Stack gap="md" data-testid="notify-dialog">
        <Group align="flex-end" justify="space-between" wrap="wrap">
          <Select
            label={t('notify.type')}
            data={types.map((value) => ({ value, label: enumText(t, 'notificationType', value) }))}
            value={type}
            onChange={(value) => value && setType(value)}
            allowDeselect={false}
            w={320}
            comboboxProps={{ withinPortal: true }}
          />
          <Text size="sm" c="dimmed" data-testid="notify-last-send">
            {data?.lastSend ? t('notify.lastSend', { date: formatDateTime(data.lastSend, i18n.language) }) : t('notify.neverSent')}
          </Text>
        </Group>
        <FormDialogBody
          ready={Boolean(data)}
          schema={schema}
          uiSchema={ui}
          formData={data ?? {}}
          onChange={setData}
          onSubmit={(form) => void send(form)}
          serverErrors={serverErrors}
          idPrefix="notify"
          onCancel={onClose}
          sending={sending}
          submitLabel={doSend ? t('notify.send') : t('notify.save')}
          submitProps={{ leftSection: <IconMail size={16} />, 'data-testid': 'notify-send' }}
        />
      </Stack>
    </Modal>
  );
}
