import { Button, Group, Modal, MultiSelect, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, reportApiError } from '../../../../engine/api';
import { enumText, titleText } from '../../../../engine/i18n';
import { propertiesOf } from '../../../../engine/schema/fields';
import { CountedTextarea, overLimit } from '../../../../engine/ui/CountedTextarea';
import type { ClientDecision } from '../../../../generated/types';
import { useReadySession } from '../../../auth/session';
import { showSnack } from '../../../notifications/snackbar';
import { DECISION_COLORS, decisionTone } from '../../../../domain/decisionTone';
import type { ServiceView } from '../shared/serviceApi';
import { reportCalls, type ReportDecision } from './reportCalls';

const DECISIONS: ClientDecision[] = ['ACCEPTED', 'SUBJECTED', 'REFUSED', 'PENDING', 'NA'];

type Field = 'clientDecision' | 'comment' | 'recipients';

/** The schema's limit of the decision comment (schemas/entities/report.json `decision.comment`). */
function useCommentMax(): number | undefined {
  const { config } = useReadySession();
  const decision = propertiesOf(config.entities.report).decision;
  const max = propertiesOf(decision).comment?.maxLength;
  return typeof max === 'number' ? max : undefined;
}

export interface DecisionDialogProps {
  opened: boolean;
  service: ServiceView;
  /** The report's version (from the overview). */
  version: number;
  current?: ReportDecision;
  /** The provider's contact who wrote the report: told first. */
  reportCreator?: number;
  onClose: () => void;
  onDecided: () => void;
}

/**
 * The client's decision on the report (spec §2 report decision dialog): one of the five decisions,
 * a comment, and who is told (at least one contact of the service's parties, spec §5). The server
 * checks all of it; its 400 messages land on the fields.
 */
export function DecisionDialog({ opened, service, version, current, reportCreator, onClose, onDecided }: DecisionDialogProps) {
  const { t } = useTranslation();
  const max = useCommentMax();
  const [decision, setDecision] = useState<ClientDecision | ''>('');
  const [comment, setComment] = useState('');
  const [recipients, setRecipients] = useState<string[]>([]);
  const [contacts, setContacts] = useState<{ value: string; label: string; disabled: boolean }[] | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);

  // Filled once per opening: a reload of the sheet meanwhile never replaces what the user chose or typed.
  useEffect(() => {
    if (!opened) return;
    setDecision(current?.clientDecision && current.clientDecision !== 'PENDING' ? current.clientDecision : '');
    setComment(current?.comment ?? '');
    setErrors({});
    let live = true;
    reportCalls
      .recipients(service.serviceId)
      .then((found) => {
        if (!live) return;
        // Every contact of the parties with an address, login or not; those who take no e-mail shown but disabled (spec §5.5).
        const options = found.map((item) => ({ value: String(item.value), label: item.label, disabled: item.disabled }));
        setContacts(options);
        // The author of the report is the natural first reader of the decision.
        setRecipients(options.some((option) => option.value === String(reportCreator) && !option.disabled) ? [String(reportCreator)] : []);
      })
      .catch(() => live && setContacts([]));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the values at opening time
  }, [opened]);

  const label = (id: string) => contacts?.find((option) => option.value === id)?.label ?? id;

  const save = async () => {
    if (!decision) return setErrors({ clientDecision: t('serviceSheet.report.decisionRequired') });
    setSaving(true);
    setErrors({});
    try {
      await reportCalls.decide(service.serviceId, { version, clientDecision: decision, comment: comment.trim() || undefined, recipients: recipients.map(Number) });
      showSnack({ level: 'success', message: t('serviceSheet.report.decided', { decision: enumText(t, 'clientDecision', decision) }) });
      onDecided();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const found: Partial<Record<Field, string>> = {};
      let shown = error.status === 400 || error.status === 422;
      for (const { path, message } of error.body?.errors ?? []) {
        const [, field, index] = path.split('/');
        if (field !== 'clientDecision' && field !== 'comment' && field !== 'recipients') {
          shown = false;
          continue;
        }
        // `/recipients/2`: name the refused contact.
        const text = field === 'recipients' && index !== undefined ? `${label(recipients[Number(index)] ?? index)}: ${message}` : message;
        found[field] = found[field] ? `${found[field]} · ${text}` : text;
      }
      setErrors(found);
      if (!shown) reportApiError(error);
    } finally {
      setSaving(false);
    }
  };

  const tooLong = overLimit(comment.trim(), max);
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>{t('serviceSheet.report.decisionTitle', { number: service.number })}</Text>} size="lg" centered>
      <Stack gap="md">
        <Radio.Group
          value={decision}
          onChange={(value) => {
            setDecision(value as ClientDecision);
            setErrors((before) => ({ ...before, clientDecision: undefined }));
          }}
          label={titleText(t, 'report.decision.clientDecision')}
          error={errors.clientDecision}
          withAsterisk
        >
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
            {DECISIONS.map((value) => {
              const color = DECISION_COLORS[decisionTone(value)];
              const checked = decision === value;
              return (
                <Radio.Card
                  key={value}
                  value={value}
                  radius="md"
                  p="sm"
                  aria-label={enumText(t, 'clientDecision', value)}
                  style={{ borderColor: checked ? color : undefined, borderWidth: checked ? 2 : 1, backgroundColor: checked ? `color-mix(in srgb, ${color} 12%, transparent)` : undefined }}
                  data-testid={`decision-${value}`}
                >
                  <Group wrap="nowrap" gap="sm">
                    <Radio.Indicator color={color} />
                    <span aria-hidden style={{ width: 10, height: 10, borderRadius: 5, backgroundColor: color, flexShrink: 0 }} />
                    <Text size="sm" fw={checked ? 600 : 500}>
                      {enumText(t, 'clientDecision', value)}
                    </Text>
                  </Group>
                </Radio.Card>
              );
            })}
          </SimpleGrid>
        </Radio.Group>
        <CountedTextarea
          label={titleText(t, 'report.decision.comment')}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          error={errors.comment}
          autosize
          minRows={3}
          maxRows={10}
          max={max}
        />
        <MultiSelect
          label={t('serviceSheet.report.recipients')}
          description={t('serviceSheet.report.recipientsHelp')}
          placeholder={recipients.length ? undefined : t('serviceSheet.report.recipientsPlaceholder')}
          data={contacts ?? []}
          value={recipients}
          onChange={(value) => {
            setRecipients(value);
            setErrors((before) => ({ ...before, recipients: undefined }));
          }}
          error={errors.recipients}
          searchable
          clearable
          withAsterisk
          nothingFoundMessage={t('serviceSheet.report.noContact')}
          disabled={contacts === null}
          comboboxProps={{ zIndex: 1000 }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('engine.action.cancel')}
          </Button>
          <Button loading={saving} disabled={tooLong || contacts === null} onClick={() => void save()}>
            {t('serviceSheet.report.saveDecision')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
