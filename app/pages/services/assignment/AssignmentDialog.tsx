import { Alert, Box, Button, Center, Flex, Group, Loader, Modal, Stack, Switch, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useMachine } from '@xstate/react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../engine/api';
import { LocalDateInput } from '../../../../engine/form/widgets/LocalDateInput';
import { ASSIGNMENT_ERRORS, assignmentMachine, endDateError, type AssignmentInput } from '../../../../machines/assignment';
import { rememberMessage } from '../../../notifications/recentMessages';
import { showSnack } from '../../../notifications/snackbar';
import { useHeldWhileAttended } from '../../../notifications/useHeldWhileAttended';
import { assignmentApi, type AssignmentForm, type Attendee } from './assignmentApi';
import { AttendeeList } from './AttendeeList';
import { DoubleBookingWarning, doubleBookings } from './DoubleBookings';
import { RoleGrid } from './RoleGrid';

export interface AssignmentDialogProps {
  serviceId: number;
  number: string;
  onClose: () => void;
  /** The service changed (its contributors, maybe its end date). */
  onSaved: () => void;
}

const inputOf = (form: AssignmentForm): AssignmentInput => ({ startDate: form.startDate, endDate: form.endDate, contributors: form.assignments });

/**
 * The assignment error (spec §5: it clears after 3 s): read out as it appears, its countdown waiting
 * while the pointer or the focus is on it, closable, and kept among the recent messages (WCAG 2.2.1).
 */
function AssignmentError({ error, onHeld, onDismiss }: { error: string; onHeld: (held: boolean) => void; onDismiss: () => void }) {
  const held = useHeldWhileAttended(onHeld);
  // Once per error shown (a ref, not the effect alone: development runs each effect twice).
  const remembered = useRef<string | null>(null);
  useEffect(() => {
    if (remembered.current === error) return;
    remembered.current = error;
    rememberMessage({ level: 'error', text: error });
  }, [error]);
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="assignment-error" withCloseButton onClose={onDismiss} {...held}>
      {error}
    </Alert>
  );
}

/** The assignment popup of spec §2 (max 1200 px): attendees on the left, the day-role grid on the right, driven by machines/assignment.ts. */
export default function AssignmentDialog({ serviceId, number, onClose, onSaved }: AssignmentDialogProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<AssignmentForm | null>(null);
  useEffect(() => {
    assignmentApi.form(serviceId).then(setForm, onClose);
  }, [serviceId, onClose]);
  return (
    <Modal
      opened
      onClose={onClose}
      size={1200}
      centered
      title={
        <Title order={3} fz="lg">
          {t('assignment.title', { number })}
        </Title>
      }
    >
      {form ? (
        <AssignmentEditor form={form} onSaved={() => { onSaved(); onClose(); }} onCancel={onClose} />
      ) : (
        <Center h={240}>
          <Loader />
        </Center>
      )}
    </Modal>
  );
}

function AssignmentEditor({ form, onSaved, onCancel }: { form: AssignmentForm; onSaved: () => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const [state, send] = useMachine(assignmentMachine, { input: inputOf(form) });
  const { context } = state;
  const [universe, setUniverse] = useState(false);
  const [representatives, setRepresentatives] = useState(false);
  const [attendees, setAttendees] = useState<Attendee[] | null>(null);

  // Busy days are asked up to the end date being edited: a longer service warns of a double booking before Save.
  const busyUntil = context.endDate && !endDateError(context.startDate, context.endDate) ? context.endDate : undefined;
  useEffect(() => {
    let current = true;
    assignmentApi.attendees(form.serviceId, { includeContributorUniverse: universe, includeRepresentative: representatives, endDate: busyUntil }).then(
      (list) => current && setAttendees(list),
      () => current && setAttendees([]),
    );
    return () => {
      current = false;
    };
  }, [form.serviceId, universe, representatives, busyUntil]);

  // The machine asks for the call by entering `saving`; the answer moves it on.
  const saving = state.matches('saving');
  const save = useEffectEvent(() => {
    const body = {
      serviceId: form.serviceId,
      version: form.version,
      endDate: context.endDate ?? '',
      assignments: context.contributors.map(({ contactId, typePlannings }) => ({ contactId, typePlannings })),
    };
    assignmentApi.save(body).then(
      (saved) => {
        send({ type: 'SAVED', assignment: inputOf(saved) });
        showSnack({ level: 'success', message: t('assignment.saved') });
        onSaved();
      },
      (error) => send({ type: 'FAILED', error: error instanceof ApiError ? error.message : t('assignment.saveFailed') }),
    );
  });
  // Only entering `saving` sends the call.
  useEffect(() => {
    if (saving) save();
  }, [saving]);

  const assigned = new Set(context.contributors.map((one) => one.contactId));
  const readOnly = form.readOnly;
  const error = context.error ? (i18n.exists(context.error) ? t(context.error) : context.error) : null;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Group gap="lg" align="flex-end" wrap="wrap">
          <Box w={200}>
            {/* A refused end date stays as typed, marked, and Save waits (machines/assignment.ts `typedEndDate`). */}
            <LocalDateInput
              label={t('assignment.endDate')}
              value={context.typedEndDate ?? context.endDate}
              minDate={context.startDate}
              readOnly={readOnly}
              required
              error={context.typedEndDate === '' ? t(ASSIGNMENT_ERRORS.endDateRequired) : undefined}
              onChange={(value) => send({ type: 'SET_END_DATE', endDate: value ?? null })}
            />
          </Box>
          {form.options.includeContributorUniverse && (
            <Switch label={t('assignment.includeUniverse')} checked={universe} onChange={(event) => setUniverse(event.currentTarget.checked)} />
          )}
          {form.options.includeRepresentative && (
            <Switch label={t('assignment.showRepresentatives')} checked={representatives} onChange={(event) => setRepresentatives(event.currentTarget.checked)} />
          )}
        </Group>
        <Text size="xs" c="dimmed" maw={360} style={{ display: 'flex', gap: 4 }}>
          <IconInfoCircle size={14} style={{ flexShrink: 0, marginTop: 1 }} />
          {t('assignment.distanceNote')}
        </Text>
      </Group>
      {error && (
        <AssignmentError error={error} onHeld={(held) => send({ type: held ? 'HOLD_ERROR' : 'RELEASE_ERROR' })} onDismiss={() => send({ type: 'DISMISS_ERROR' })} />
      )}
      {!readOnly && attendees && <DoubleBookingWarning bookings={doubleBookings(context.contributors, attendees)} />}
      <Flex gap="md" direction={{ base: 'column', md: 'row' }} align="flex-start">
        <Box w={{ base: '100%', md: 360 }} style={{ flexShrink: 0 }}>
          <Text fw={600} size="sm" mb={6}>
            {t('assignment.attendees')}
          </Text>
          {attendees ? (
            <AttendeeList
              attendees={attendees}
              assigned={assigned}
              readOnly={readOnly}
              onAdd={(one) => send({ type: 'ADD', contributor: { contactId: one.contactId, fullName: one.name, acronym: one.acronym, pictureFileId: one.pictureFileId, representative: one.representative } })}
            />
          ) : (
            <Center h={120}>
              <Loader size="sm" />
            </Center>
          )}
        </Box>
        <Box style={{ flex: 1, minWidth: 0 }} w="100%">
          <Text fw={600} size="sm" mb={6}>
            {t('assignment.roles')}
          </Text>
          <RoleGrid
            days={context.days}
            contributors={context.contributors}
            readOnly={readOnly}
            onRole={(contactId, date, typePlanning) => send({ type: 'SET_ROLE', contactId, date, typePlanning })}
            onRemove={(contactId) => send({ type: 'REMOVE', contactId })}
          />
        </Box>
      </Flex>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('engine.action.cancel')}
        </Button>
        {!readOnly && (
          <Button onClick={() => send({ type: 'SAVE' })} loading={saving}>
            {t('assignment.save')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
