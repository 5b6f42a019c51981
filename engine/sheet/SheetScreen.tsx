import { Badge, Box, Center, Group, Loader, Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type Form from '@rjsf/core';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConflictAlert } from './ConflictAlert';
import { allowedEvents } from '../../machines/index';
import { machineOf } from '../workflow/machineOf';
import { eventAllowed } from '../schema/events';
import { frozenFor } from '../schema/writeRules';
import type { AppConfig, ScreenConfig } from '../config';
import { colorsOf, valueColor } from '../format/colors';
import { labelText } from '../format/values';
import { knownLabel } from '../lookup/cache';
import { SchemaForm } from '../form/SchemaForm';
import { enumText, titleText } from '../i18n';
import { enumOf, propertiesOf } from '../schema/fields';
import { createDefaults, withReadonlyFields } from '../search/routeParams';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { ConfiguredPanels } from '../record/ConfiguredPanels';
import { LeaveDialog } from './LeaveDialog';
import { WorkflowButton } from '../workflow/WorkflowButton';
import { statusLabels } from '../workflow/statusLabels';
import { SheetFooter } from './SheetFooter';
import { ShownOnceDialog } from './ShownOnceDialog';
import { useLeaveGuard } from './useLeaveGuard';
import { useRecordSheet, type SheetTarget } from './useRecordSheet';
import { useFocusKept, useReturnFocus } from '../ui/useReturnFocus';

export type { SheetTarget } from './useRecordSheet';

export interface SheetScreenProps {
  screen: ScreenConfig;
  config: AppConfig;
  /** null when closed. */
  target: SheetTarget | null;
  onClose: () => void;
  /** A record was created, changed or deleted: refresh what lists it. */
  onChanged: () => void;
  /** A record was created (the server's answer): the list can check that it shows it. */
  onCreated?: (record: Record<string, unknown>) => void;
  /** The screen's scope (route filters): defaults of a new record, read-only in the form. */
  fixed?: Record<string, unknown>;
  /** Values a new record starts with that stay editable (a tree's chosen family). */
  prefill?: Record<string, unknown>;
  /** The caller's permission flags (fields with `x-writeRoles` none of them allows are disabled). */
  userRoles?: readonly string[];
}

/** Dialogs are full screen under this width (spec §9). */
const SMALL_SCREEN = '(max-width: 600px)';

/**
 * One record in a dialog: the entity form, its workflow actions, Save, Delete and Cancel,
 * with a leave guard. `sheet.mode: page` shows the same sheet over the whole page.
 */
export function SheetScreen({ screen, config, target, onClose, onChanged, onCreated: created, fixed, prefill, userRoles }: SheetScreenProps) {
  const { t, i18n } = useTranslation();
  // Mantine would miss the first opening: the sheet is loaded, and mounted, open.
  useReturnFocus(target !== null);
  // A save redraws the footer (a new record becomes a stored one): the focus stays in the sheet.
  const contentRef = useRef<HTMLDivElement>(null);
  useFocusKept(contentRef, target !== null);
  const entity = config.entities[screen.entity ?? ''];

  const deleteTexts = screen.sheet?.delete ?? {};
  const scope = useMemo(() => createDefaults(entity, fixed ?? {}), [entity, fixed]);
  const defaults = useMemo(() => ({ ...createDefaults(entity, prefill ?? {}), ...scope }), [entity, prefill, scope]);
  const uiSchema = useMemo(
    () => withReadonlyFields(screen.sheet?.ui ? config.ui[screen.sheet.ui] : undefined, Object.keys(scope)),
    [config.ui, screen.sheet?.ui, scope],
  );
  const [shownOnce, setShownOnce] = useState<Record<string, unknown> | null>(null);
  const onCreated = (record: Record<string, unknown>) => {
    created?.(record);
    if (screen.sheet?.showAfterCreate?.length) setShownOnce(record);
    // A create-only sheet has nothing more to show: the list shows the new record.
    if (screen.sheet?.edit === false) guard.forceLeave();
  };
  const sheet = useRecordSheet(entity, target, onChanged, { defaults, onCreated, deleteTexts });
  const guard = useLeaveGuard(sheet.formData, sheet.baseline, onClose);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  /** A delete refused because the record may be in use (`x-archive`): archiving it is offered instead. */
  const [offerArchive, setOfferArchive] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const archiveField = entity['x-archive'] as string | undefined;
  const archived = !!archiveField && sheet.record?.[archiveField] === true;
  const formRef = useRef<Form>(null);
  const small = useMediaQuery(SMALL_SCREEN);

  const props = propertiesOf(entity);
  const statusField = entity['x-status'] as string | undefined;
  const machineName = entity['x-machine'] as string | undefined;
  const machine = machineOf(config, machineName);
  const status = statusField ? sheet.record?.[statusField] : undefined;
  // A read-only entity, or a record in an `x-frozen` status, or `x-frozenUnless` for this user (the server refuses its edits too).
  const readOnly = entity['x-readOnly'] === true || frozenFor(entity, status, userRoles ?? []);
  const events = machine && typeof status === 'string' ? allowedEvents(machine, status, sheet.record ?? undefined).filter((event) => eventAllowed(entity, event, userRoles ?? [])) : [];
  const numberField = (entity['x-number'] as { field?: string } | undefined)?.field;
  const ctx = { t, locale: i18n.language, lookupLabel: knownLabel };
  const label = [...new Set([numberField, entity['x-label']].filter(Boolean) as string[])].map((field) => labelText(props[field], sheet.record?.[field], ctx)).filter(Boolean).join(' · ');
  const statusEnum = statusField ? enumOf(props[statusField]) : undefined;
  const statusColors = statusField ? colorsOf(props[statusField]) : undefined;

  const title = (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      <Text c="dimmed" fw={500} style={{ whiteSpace: 'nowrap' }}>
        {titleText(t, entity.title)}
      </Text>
      <Text fw={700} truncate>
        {sheet.record ? label : t('engine.sheet.new')}
      </Text>
      {typeof status === 'string' && (
        <Badge variant="light" color={valueColor(status, statusColors)} radius="sm" style={{ textTransform: 'none', flexShrink: 0 }}>
          {enumText(t, statusEnum?.name, status)}
        </Badge>
      )}
      {archived && (
        <Badge variant="light" color="gray" radius="sm" style={{ textTransform: 'none', flexShrink: 0 }}>
          {t('engine.sheet.archivedBadge')}
        </Badge>
      )}
      {machineName && typeof status === 'string' && <WorkflowButton machine={machineName} status={status} events={events} entityTitle={entity.title as string | undefined} labels={statusLabels(props, statusField)} />}
    </Group>
  );

  const remove = async () => {
    setDeleting(true);
    const done = await sheet.remove();
    setDeleting(false);
    setConfirmDelete(false);
    if (done === 'deleted') guard.forceLeave();
    if (done === 'archivable') setOfferArchive(true);
  };

  const archive = async () => {
    setArchiving(true);
    const done = await sheet.archive();
    setArchiving(false);
    setOfferArchive(false);
    if (done) guard.forceLeave();
  };

  return (
    <>
      <Modal.Root
        opened={target !== null}
        onClose={guard.requestLeave}
        size={screen.sheet?.mode === 'page' ? '100%' : (screen.sheet?.size ?? 'xl')}
        fullScreen={small || screen.sheet?.mode === 'page'}
        closeOnEscape={!guard.confirming && !confirmDelete && !offerArchive}
        returnFocus={false}
        centered
      >
        <Modal.Overlay backgroundOpacity={0.45} blur={2} />
        <Modal.Content ref={contentRef} aria-busy={sheet.loading}>
          <Modal.Header style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
            <Modal.Title style={{ minWidth: 0, flex: 1 }}>{title}</Modal.Title>
            <Modal.CloseButton aria-label={t('engine.action.close')} />
          </Modal.Header>
          <Modal.Body p={0}>
            <Box p="md">
              {sheet.conflict && <ConflictAlert message={sheet.conflict} onReload={() => void sheet.reload()} />}
              {sheet.loading ? (
                <Center h={240}>
                  <Loader />
                </Center>
              ) : (
                <SchemaForm
                  schema={entity}
                  uiSchema={uiSchema}
                  readOnly={readOnly}
                  roles={userRoles}
                  formData={sheet.formData}
                  onChange={sheet.setFormData}
                  onSubmit={(data) => void sheet.save(data)}
                  mode={sheet.record ? 'edit' : 'create'}
                  serverErrors={sheet.serverErrors}
                  formRef={formRef}
                  idPrefix="sheet"
                />
              )}
              {/* `sheet.panels`: what belongs to the record beside its fields (its files), with their own calls. */}
              {!sheet.loading && !!screen.sheet?.panels?.length && (
                <Box mt="lg">
                  <ConfiguredPanels
                    screen={screen}
                    config={config}
                    record={sheet.record ?? {}}
                    saved={sheet.record}
                    panels={screen.sheet.panels}
                    userRoles={userRoles ?? []}
                    writable={entity['x-readOnly'] !== true}
                  />
                </Box>
              )}
            </Box>
            {/* The buttons stay in view while the form scrolls under them. */}
            <Box px="md" py="sm" pos="sticky" bottom={0} bg="var(--mantine-color-body)" style={{ borderTop: '1px solid var(--mantine-color-default-border)', zIndex: 2 }}>
              <SheetFooter
                machine={machineName}
                // A frozen record takes no event here (its page may offer some); an `x-readOnly` one takes its machine's.
                events={readOnly && entity['x-readOnly'] !== true ? [] : events}
                pendingEvent={sheet.pendingEvent}
                canDelete={!!sheet.record && !readOnly}
                readOnly={readOnly}
                deleteLabel={deleteTexts.label ? t(deleteTexts.label) : undefined}
                dirty={guard.dirty}
                saving={sheet.saving}
                onEvent={(event) => void sheet.runEvent(event)}
                onDelete={() => setConfirmDelete(true)}
                onCancel={guard.requestLeave}
                onSave={() => formRef.current?.submit()}
              />
            </Box>
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
      <LeaveDialog guard={guard} />
      <ConfirmDialog
        opened={confirmDelete}
        title={t(deleteTexts.title ?? 'engine.sheet.deleteTitle')}
        message={t(deleteTexts.confirm ?? 'engine.sheet.deleteMessage', { ...sheet.record, name: label || titleText(t, entity.title) })}
        confirmLabel={deleteTexts.label ? t(deleteTexts.label) : t('engine.action.delete')}
        danger
        loading={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
      />
      <ConfirmDialog
        opened={offerArchive}
        title={t('engine.sheet.archiveTitle')}
        message={t('engine.sheet.archiveMessage', { name: label || titleText(t, entity.title) })}
        confirmLabel={t('engine.sheet.archive')}
        loading={archiving}
        onConfirm={() => void archive()}
        onCancel={() => setOfferArchive(false)}
      />
      <ShownOnceDialog entity={entity} record={shownOnce} fields={screen.sheet?.showAfterCreate ?? []} onClose={() => setShownOnce(null)} />
    </>
  );
}
