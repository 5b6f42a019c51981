import { Button, Group, Tooltip } from '@mantine/core';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { actionText } from '../i18n';

export interface SheetFooterProps {
  machine?: string;
  /** Workflow events the machine accepts from the record's status. */
  events: string[];
  pendingEvent: string | null;
  canDelete: boolean;
  /** A read-only record: a way out, and the `events` given (those of an `x-readOnly` entity's machine). */
  readOnly?: boolean;
  /** The Delete button's text when deleting means something milder (archive, revoke). */
  deleteLabel?: string;
  dirty: boolean;
  saving: boolean;
  onEvent: (event: string) => void;
  onDelete: () => void;
  onCancel: () => void;
  onSave: () => void;
}

/** Delete on the left, workflow actions in the middle, Cancel and Save on the right. */
export function SheetFooter(props: SheetFooterProps) {
  const { t } = useTranslation();
  const busy = props.saving || props.pendingEvent !== null;
  if (props.readOnly) {
    // Fields no one edits, a status the user may still move (the events given: a read-only entity's).
    return (
      <Group justify={props.machine && props.events.length ? 'space-between' : 'flex-end'} gap="xs" wrap="wrap">
        {props.machine && props.events.length > 0 && (
          <Group gap="xs">
            <EventButtons machine={props.machine} events={props.events} pendingEvent={props.pendingEvent} dirty={false} saving={props.saving} onEvent={props.onEvent} />
          </Group>
        )}
        <Button variant="default" onClick={props.onCancel}>
          {t('engine.action.close')}
        </Button>
      </Group>
    );
  }
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Group gap="xs">
        {props.canDelete && (
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={props.onDelete} disabled={busy}>
            {props.deleteLabel ?? t('engine.action.delete')}
          </Button>
        )}
        {props.machine && <EventButtons machine={props.machine} events={props.events} pendingEvent={props.pendingEvent} dirty={props.dirty} saving={props.saving} onEvent={props.onEvent} />}
      </Group>
      <Group gap="xs">
        <CancelSave saving={props.saving} pendingEvent={props.pendingEvent} onCancel={props.onCancel} onSave={props.onSave} />
      </Group>
    </Group>
  );
}

type ActionProps = Pick<SheetFooterProps, 'pendingEvent' | 'saving'>;

/** The workflow events a record can take now, disabled while edits are unsaved (a transition reloads the record). */
export function EventButtons(props: ActionProps & Pick<SheetFooterProps, 'events' | 'dirty' | 'onEvent'> & { machine: string }) {
  const { t } = useTranslation();
  const busy = props.saving || props.pendingEvent !== null;
  return props.events.map((event) => (
    <Tooltip key={event} label={t('engine.sheet.saveFirst')} disabled={!props.dirty} withinPortal>
      <Button variant="light" onClick={() => props.onEvent(event)} loading={props.pendingEvent === event} disabled={props.dirty || (busy && props.pendingEvent !== event)}>
        {actionText(t, props.machine, event)}
      </Button>
    </Tooltip>
  ));
}

/** Cancel and Save of a record. */
export function CancelSave(props: ActionProps & Pick<SheetFooterProps, 'onCancel' | 'onSave'>) {
  const { t } = useTranslation();
  const busy = props.saving || props.pendingEvent !== null;
  return (
    <>
      <Button variant="default" onClick={props.onCancel}>
        {t('engine.action.cancel')}
      </Button>
      <Button leftSection={<IconDeviceFloppy size={16} />} onClick={props.onSave} loading={props.saving} disabled={busy && !props.saving}>
        {t('engine.action.save')}
      </Button>
    </>
  );
}
