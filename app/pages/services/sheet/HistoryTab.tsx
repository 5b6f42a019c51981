import { Card, Group, Skeleton, Stack, Text, ThemeIcon, Timeline } from '@mantine/core';
import { IconArrowRight, IconHistory } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serviceApi, type HistoryView } from '../shared/serviceApi';
import { useSchemaText } from './schemaText';
import { EnumBadge } from './StepBadge';
import { useLookupLabels } from './useLookupLabels';
import { LONG_TEXT } from './longText';

/** Days the server writes into an event's detail (e.g. the proposed dates), shown like every date. */
const ISO_DAY = /\b\d{4}-\d{2}-\d{2}\b/g;

/** The service's events, newest first: what happened, the step it moved, who and when. */
export function HistoryTab({ serviceId, revision }: { serviceId: number; revision: number }) {
  const { t } = useTranslation();
  const text = useSchemaText('serviceHistory');
  const [events, setEvents] = useState<HistoryView[] | null>(null);
  const contact = useLookupLabels(text.lookupUrl('contactId'), (events ?? []).map((event) => event.contactId));
  const company = useLookupLabels(text.lookupUrl('companyId'), (events ?? []).map((event) => event.companyId));

  useEffect(() => {
    let live = true;
    serviceApi
      .history(serviceId)
      .then((found) => live && setEvents(found))
      .catch(() => live && setEvents([]));
    return () => {
      live = false;
    };
  }, [serviceId, revision]);

  if (events === null) return <Skeleton h={240} radius="lg" />;
  if (events.length === 0) {
    return (
      <Card withBorder radius="lg" padding="xl">
        <Group gap="md">
          <ThemeIcon size={44} radius="xl" variant="light" color="gray">
            <IconHistory size={22} />
          </ThemeIcon>
          <Text c="dimmed">{t('serviceSheet.history.empty')}</Text>
        </Group>
      </Card>
    );
  }
  return (
    <Card withBorder radius="lg" padding="lg">
      <Timeline bulletSize={14} lineWidth={2} active={events.length} data-testid="history">
        {events.map((event) => {
          const moved = event.toStep && event.fromStep !== event.toStep;
          // A contact's label already names its company.
          const who = contact(event.contactId)?.label ?? company(event.companyId)?.label;
          return (
            <Timeline.Item
              key={event.historyId}
              color={text.color('toStep', event.toStep)}
              title={<Text fw={600}>{text.value('event', event.event)}</Text>}
              data-testid="history-event"
            >
              <Stack gap={4} mt={4}>
                {moved && (
                  <Group gap={6}>
                    {event.fromStep && (
                      <>
                        <EnumBadge text={text} field="fromStep" value={event.fromStep} size="sm" />
                        <IconArrowRight size={14} color="var(--mantine-color-dimmed)" aria-label={t('serviceSheet.history.to')} />
                      </>
                    )}
                    <EnumBadge text={text} field="toStep" value={event.toStep} size="sm" />
                  </Group>
                )}
                {event.detail && (
                  <Text size="sm" style={LONG_TEXT}>
                    {event.detail.replace(ISO_DAY, (day) => text.date(day))}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {[who || null, event.side && text.value('side', event.side), text.dateTime(event.date)].filter(Boolean).join(' · ')}
                </Text>
              </Stack>
            </Timeline.Item>
          );
        })}
      </Timeline>
    </Card>
  );
}
