import { Alert, List } from '@mantine/core';
import { IconCalendarExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../../engine/format/localDates';
import type { AssignedContributor } from '../../../../machines/assignment';
import type { Attendee } from './assignmentApi';

export interface DoubleBooking {
  contactId: number;
  name: string;
  date: string;
  number: string;
}

/**
 * The days the grid, as edited, puts a contributor on the field who is already on another
 * service that day (the attendees' `busyDays`, checked up to the end date being edited).
 */
export function doubleBookings(contributors: AssignedContributor[], attendees: Attendee[]): DoubleBooking[] {
  const byContact = new Map(attendees.map((one) => [one.contactId, one]));
  return contributors.flatMap((contributor) => {
    const busy = byContact.get(contributor.contactId)?.busyDays ?? [];
    return contributor.typePlannings
      .filter((role) => role.typePlanning !== 'NOT_ON_FIELD')
      .flatMap((role) => busy.filter((day) => day.date === role.date))
      .map((day) => ({ contactId: contributor.contactId, name: contributor.fullName ?? '', date: day.date, number: day.number ?? `#${day.serviceId}` }));
  });
}

/** A warning, before Save, per contributor and day booked twice; saving stays possible (the provider may mean it). */
export function DoubleBookingWarning({ bookings }: { bookings: DoubleBooking[] }) {
  const { t, i18n } = useTranslation();
  if (!bookings.length) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconCalendarExclamation size={18} />} title={t('assignment.doubleBooking.title')} data-testid="double-booking">
      <List size="sm" spacing={2}>
        {bookings.map((one) => (
          <List.Item key={`${one.contactId}-${one.date}-${one.number}`}>
            {t('assignment.doubleBooking.day', { name: one.name, day: formatDay(one.date, i18n.language), number: one.number })}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
