import { Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconCalendarPlus, IconCheck, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSnack } from '../../../notifications/snackbar';
import { serviceApi, type DateLineView, type ServiceView } from '../shared/serviceApi';
import { CommentDialog } from '../../../../engine/record/header/CommentDialog';
import { InfoCard } from './InfoCard';
import { ProposeDateDialog, type ProposedDate } from './ProposeDateDialog';
import { useSchemaText, type SchemaText } from './schemaText';
import { EnumBadge } from './StepBadge';
import { useLookupLabels } from './useLookupLabels';
import type { ServiceSheet } from './useServiceSheet';
import { LONG_TEXT } from './longText';

function rangeText(line: { startDate?: string; endDate?: string }, text: SchemaText): string {
  const start = text.date(line.startDate);
  return line.endDate && line.endDate !== line.startDate ? `${start} → ${text.date(line.endDate)}` : start;
}

/** The date proposals of the service, who made and answered them, and the caller's date actions. */
export function DateLinesPanel({ service, sheet }: { service: ServiceView; sheet: ServiceSheet }) {
  const { t } = useTranslation();
  const text = useSchemaText('serviceDateLine');
  const commentMax = text.maxLength('comment');
  const [lines, setLines] = useState<DateLineView[] | null>(null);
  const [proposing, setProposing] = useState(false);
  const [refusing, setRefusing] = useState<DateLineView | null>(null);
  const [busy, setBusy] = useState(false);
  const contact = useLookupLabels(
    text.lookupUrl('proposedByContact'),
    (lines ?? []).flatMap((line) => [line.proposedByContact, line.answeredByContact]),
  );

  useEffect(() => {
    let live = true;
    serviceApi
      .dateLines(service.serviceId)
      .then((found) => live && setLines(found))
      .catch(() => live && setLines([]));
    return () => {
      live = false;
    };
  }, [service.serviceId, sheet.revision]);

  const proposeKind = service.actions.includes('REQUEST_DATE') ? 'requestDate' : service.actions.includes('POSTPONE') ? 'postpone' : null;
  const write = async (call: () => Promise<ServiceView>, message: string) => {
    setBusy(true);
    const done = await sheet.run(call);
    setBusy(false);
    if (done) showSnack({ level: 'success', message });
    return done;
  };
  const propose = async (proposal: ProposedDate) => {
    if (!proposeKind) return;
    const done = await write(
      () => serviceApi.proposeDate(proposeKind, { serviceId: service.serviceId, version: service.version, ...proposal }),
      t('serviceSheet.dateLines.proposed'),
    );
    if (done) setProposing(false);
  };
  const answer = async (kind: 'acceptDate' | 'refuseDate', line: DateLineView, comment?: string) => {
    const done = await write(
      () => serviceApi.answerDate(kind, { serviceId: service.serviceId, dateLineId: line.dateLineId, version: service.version, comment: comment || undefined }),
      t(kind === 'acceptDate' ? 'serviceSheet.dateLines.accepted' : 'serviceSheet.dateLines.refused'),
    );
    if (done) setRefusing(null);
  };
  const who = (id: unknown) => contact(id)?.label ?? t('serviceSheet.notVisible');

  return (
    <InfoCard
      title={t('serviceSheet.dateLines.title')}
      testId="date-lines"
      actions={
        proposeKind && (
          <Button size="xs" variant="light" leftSection={<IconCalendarPlus size={16} />} onClick={() => setProposing(true)}>
            {t(`serviceSheet.dateLines.${proposeKind}`)}
          </Button>
        )
      }
    >
      {lines === null ? (
        <Stack gap="sm">
          <Skeleton h={64} radius="md" />
          <Skeleton h={64} radius="md" />
        </Stack>
      ) : lines.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('serviceSheet.dateLines.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          {lines.map((line) => {
            const waiting = line.status === 'PROPOSED';
            return (
              <Paper key={line.dateLineId} withBorder radius="md" p="sm" bg={waiting ? 'var(--mantine-color-yellow-light)' : undefined} data-testid="date-line">
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <Text fw={600}>{rangeText(line, text)}</Text>
                  <EnumBadge text={text} field="status" value={line.status} />
                </Group>
                <Text size="xs" c="dimmed" mt={4}>
                  {t('serviceSheet.dateLines.proposedBy', {
                    name: who(line.proposedByContact),
                    side: text.value('proposedBy', line.proposedBy),
                    when: text.dateTime(line.proposedAt),
                  })}
                </Text>
                {line.comment && (
                  <Text size="sm" mt={4} style={LONG_TEXT}>
                    {line.comment}
                  </Text>
                )}
                {line.answeredAt && (
                  <Text size="xs" c="dimmed" mt={4} style={LONG_TEXT}>
                    {t('serviceSheet.dateLines.answeredBy', { name: who(line.answeredByContact), when: text.dateTime(line.answeredAt) })}
                    {line.answerComment && ` — ${line.answerComment}`}
                  </Text>
                )}
                {waiting && (service.actions.includes('ACCEPT_DATE') || service.actions.includes('REFUSE_DATE')) && (
                  <Group gap="xs" mt="sm">
                    {service.actions.includes('ACCEPT_DATE') && (
                      <Button size="xs" color="teal" leftSection={<IconCheck size={14} />} loading={busy && !refusing} onClick={() => void answer('acceptDate', line)}>
                        {t('serviceSheet.dateLines.accept')}
                      </Button>
                    )}
                    {service.actions.includes('REFUSE_DATE') && (
                      <Button size="xs" variant="default" leftSection={<IconX size={14} />} onClick={() => setRefusing(line)}>
                        {t('serviceSheet.dateLines.refuse')}
                      </Button>
                    )}
                  </Group>
                )}
                {waiting && !service.actions.includes('ACCEPT_DATE') && (
                  <Badge mt="sm" variant="transparent" color="yellow" px={0} style={{ textTransform: 'none' }}>
                    {t('serviceSheet.dateLines.waitingOther')}
                  </Badge>
                )}
              </Paper>
            );
          })}
        </Stack>
      )}
      <ProposeDateDialog
        opened={proposing}
        title={t(`serviceSheet.dateLines.${proposeKind ?? 'requestDate'}`)}
        initial={{ startDate: service.startDate, endDate: service.endDate }}
        text={text}
        loading={busy}
        onSubmit={(proposal) => void propose(proposal)}
        onCancel={() => setProposing(false)}
      />
      <CommentDialog
        opened={refusing !== null}
        title={t('serviceSheet.dateLines.refuseTitle')}
        message={refusing ? t('serviceSheet.dateLines.refuseMessage', { dates: rangeText(refusing, text) }) : ''}
        commentLabel={t('serviceSheet.comment')}
        max={commentMax}
        confirmLabel={t('serviceSheet.dateLines.refuse')}
        confirmColor="red"
        backLabel={t('engine.action.back')}
        question
        loading={busy}
        onConfirm={(comment) => {
          if (refusing) void answer('refuseDate', refusing, comment);
        }}
        onClose={() => setRefusing(null)}
      />
    </InfoCard>
  );
}
