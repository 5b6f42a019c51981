import { ActionIcon, Avatar, Badge, Group, Paper, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconMail, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../../engine/format/values';
import { contactPicture } from '../../../auth/profile';
import { assignmentApi, type Attendee } from './assignmentApi';

export interface AttendeeListProps {
  attendees: Attendee[];
  assigned: Set<number>;
  readOnly: boolean;
  onAdd: (attendee: Attendee) => void;
}

/** "12 km · 12 min": a straight-line distance and the time it takes at the assumed speed. */
function useDistance() {
  const { t, i18n } = useTranslation();
  return (km: number | undefined, minutes: number | undefined) =>
    km === undefined ? undefined : t('assignment.distance', { km: formatNumber(Math.round(km), i18n.language), duration: hoursAndMinutes(minutes ?? 0) });
}

const hoursAndMinutes = (minutes: number) => (minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`);

/** Who may be assigned (spec §3 Contributor attendee): picture, badges, distances, add and invitation buttons. */
export function AttendeeList({ attendees, assigned, readOnly, onAdd }: AttendeeListProps) {
  const { t } = useTranslation();
  const distance = useDistance();
  const [invited, setInvited] = useState<Set<number>>(new Set());
  const invite = async (contactId: number) => {
    try {
      await assignmentApi.invite(contactId);
      setInvited((done) => new Set(done).add(contactId));
    } catch {
      // The app has shown the refusal.
    }
  };
  if (!attendees.length) return <Text c="dimmed" size="sm">{t('assignment.noAttendees')}</Text>;
  return (
    <ScrollArea.Autosize mah={460} type="auto" offsetScrollbars>
      <Stack gap={6} data-testid="attendees">
        {attendees.map((one) => {
          const fromHome = distance(one.distanceFromHome, one.durationFromHome);
          const fromLast = distance(one.distanceFromLastPlace, one.durationFromLastPlace);
          return (
            <Paper key={one.contactId} withBorder radius="md" p={8} data-testid={`attendee-${one.contactId}`}>
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Avatar src={one.pictureFileId ? contactPicture(one.contactId, one.pictureFileId, '48x48') : undefined} radius="xl" size={36} color="blue">
                  {one.acronym}
                </Avatar>
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Group gap={6} wrap="wrap">
                    <Text size="sm" fw={600} truncate>
                      {one.name}
                    </Text>
                    {one.leader && <Badge size="xs" color="teal" variant="light">{t('assignment.badge.leader')}</Badge>}
                    {one.unavailable && <Badge size="xs" color="orange" variant="light">{t('assignment.badge.unavailable')}</Badge>}
                    {one.userUniverseContributor && <Badge size="xs" color="grape" variant="light">{t('assignment.badge.universe')}</Badge>}
                    {one.representative && <Badge size="xs" color="gray" variant="light">{t('assignment.badge.representative')}</Badge>}
                  </Group>
                  {fromHome && <Text size="xs" c="dimmed">{t('assignment.fromHome', { distance: fromHome })}</Text>}
                  {fromLast && one.lastPlace && <Text size="xs" c="dimmed">{t('assignment.fromLastPlace', { distance: fromLast, place: one.lastPlace })}</Text>}
                </Stack>
                <Group gap={4} wrap="nowrap">
                  {!readOnly && one.email && (
                    <Tooltip label={invited.has(one.contactId) ? t('assignment.invited') : t('assignment.invite')} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color={invited.has(one.contactId) ? 'teal' : 'gray'}
                        aria-label={invited.has(one.contactId) ? t('assignment.invited') : t('assignment.invite')}
                        onClick={() => void invite(one.contactId)}
                        disabled={invited.has(one.contactId)}
                      >
                        {invited.has(one.contactId) ? <IconCheck size={16} /> : <IconMail size={16} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                  {!readOnly && (
                    <Tooltip label={t('assignment.add')} withArrow>
                      <ActionIcon variant="light" aria-label={t('assignment.addNamed', { name: one.name })} onClick={() => onAdd(one)} disabled={assigned.has(one.contactId)}>
                        <IconPlus size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Group>
            </Paper>
          );
        })}
      </Stack>
    </ScrollArea.Autosize>
  );
}
