import { Alert, Center, Loader, Stack, Title } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConflictAlert } from '../sheet/ConflictAlert';
import { AfterFirstPaint } from '../ui/AfterFirstPaint';
import { PanelsSkeleton } from '../ui/PanelsSkeleton';
import { FORM_CODE } from '../form/LazySchemaForm';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { allowedEvents } from '../../machines/index';
import { machineOf } from '../workflow/machineOf';
import { columnField, type AppConfig, type PanelConfig, type ScreenConfig } from '../config';
import { propertiesOf } from '../schema/fields';
import type { JsonSchema } from '../schema/resolve';
import { titleText } from '../i18n';
import { fillRoute, idParamOf } from '../search/routeParams';
import { recordIdOf } from '../firstGets';
import { usePageLeaveGuard } from '../sheet/usePageLeaveGuard';
import { useRecordSheet, type SheetTarget } from '../sheet/useRecordSheet';
import { EventDialog } from './EventDialog';
import { eventAllowed, eventRulesOf } from '../schema/events';
import { frozenFor, mayChangeOwned, mayWriteRecord } from '../schema/writeRules';
import { pickPanel } from './panels';
import { registerEnginePanels } from './registerPanels';
import { prefillValues } from './prefill';
import { PanelGrid } from './PanelGrid';
import { RecordHeader } from './RecordHeader';
import { RecordTabs } from './RecordTabs';
import { useComputed } from './useComputed';

registerEnginePanels();

export interface RecordScreenProps {
  screen: ScreenConfig;
  config: AppConfig;
  userRoles?: readonly string[];
  /** The user's contact id: `x-owners` records not naming it are theirs to read only. */
  userContactId?: unknown;
  /** The user's company id: `x-writers` records another company writes are theirs to read only. */
  userCompanyId?: unknown;
}

type Row = Record<string, unknown>;

/**
 * Fields a form panel without its own `fields` leaves out: those another panel owns (a lines grid,
 * a form listing its fields), and what the header already shows and nobody edits (the id, the
 * number, read-only key fields).
 */
function shownElsewhere(screen: ScreenConfig, entity: JsonSchema): string[] {
  const props = propertiesOf(entity);
  const panels = (screen.tabs ?? []).flatMap((tab) => tab.panels).flatMap((panel) => (panel.kind === 'stack' ? (panel.panels ?? []) : [panel]));
  const owned = panels.flatMap((panel) => (panel.kind === 'form' ? (panel.fields ?? []) : panel.field ? [panel.field] : []));
  const header = (screen.header?.fields ?? []).map(columnField).filter((field) => props[field]?.readOnly);
  const number = (entity['x-number'] as { field?: string } | undefined)?.field;
  return [...owned, ...header, entity['x-id'] as string, ...(number ? [number] : [])];
}

/** A panel whose edits wait for Save: a form, an editable lines grid (also inside a stack). */
function editsRecord(panel: PanelConfig): boolean {
  if (panel.kind === 'stack') return (panel.panels ?? []).some(editsRecord);
  return panel.kind === 'form' || (panel.kind === 'lines' && panel.readOnly !== true);
}

/**
 * A record page (`type: "record"`, docs/schemas.md "Record pages"): the route holds the record id
 * (the create route none, its query prefills the new record). A header with the workflow actions
 * the machine and the caller's rights allow, then tabs of panels from the panel registry. Edits
 * are held until Save; leaving with unsaved edits asks first. The record is read anew each time
 * the page opens (nothing is kept in a cache).
 */
export function RecordScreen({ screen, config, userRoles = [], userContactId, userCompanyId }: RecordScreenProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const [query] = useSearchParams();
  const entity = config.entities[screen.entity ?? ''];
  const idParam = idParamOf(screen.route);
  const idText = params[idParam];
  const target = useMemo<SheetTarget>(() => (idText ? { mode: 'edit', id: recordIdOf(idText) } : { mode: 'create' }), [idText]);
  const defaults = useMemo(() => (idText ? {} : prefillValues(entity, screen.prefill, query)), [idText, entity, screen.prefill, query]);
  const [created, setCreated] = useState<unknown>(null);
  const sheet = useRecordSheet(entity, target, () => undefined, { defaults, onCreated: (record) => setCreated(record[entity['x-id']]) });
  const view = useComputed(entity, sheet.formData);
  const leave = usePageLeaveGuard(sheet.formData, sheet.baseline);

  // A new record's page becomes its own page once saved (after the render that cleared the guard).
  const openCreated = useEffectEvent((id: unknown) => {
    const path = fillRoute(screen.route, { ...params, [idParam]: String(id) });
    if (path) navigate(path, { replace: true });
  });
  useEffect(() => {
    if (created !== null) openCreated(created);
  }, [created]);

  const checks = useRef(new Set<() => Promise<boolean>>());
  const registerSubmit = useCallback((check: () => Promise<boolean>) => {
    checks.current.add(check);
    return () => void checks.current.delete(check);
  }, []);
  const save = async () => {
    const results = await Promise.all([...checks.current].map((check) => check()));
    if (results.every(Boolean)) await sheet.save(sheet.formData);
  };

  const machineName = entity?.['x-machine'] as string | undefined;
  const machine = machineOf(config, machineName);
  const status = sheet.record?.[entity?.['x-status'] as string];
  const rules = eventRulesOf(entity);
  // `x-owners`, `x-writers`: someone else's record is read only, its workflow too (the server refuses both).
  const notTheirs = !!sheet.record && (!mayChangeOwned(entity, sheet.record, userContactId, userRoles) || !mayWriteRecord(entity, sheet.record, userCompanyId, userRoles));
  const events = machine && typeof status === 'string' && !notTheirs ? allowedEvents(machine, status, sheet.record ?? undefined).filter((event) => eventAllowed(entity, event, userRoles)) : [];
  const [asking, setAsking] = useState<string | null>(null);
  const onEvent = (event: string) => {
    if (rules[event]?.input?.length) setAsking(event);
    else void sheet.runEvent(event);
  };

  // A configured header action (`header.actions`): an event asking for input of its own (`x-events`) opens its
  // form; one with its own success message keeps the sheet's "status changed" from saying it twice.
  const runConfigured = async (event: string, input: Row): Promise<boolean> => {
    if (rules[event]?.input?.length) {
      setAsking(event);
      return false;
    }
    return sheet.runEvent(event, input, { quiet: !!screen.header?.actions?.events.some((action) => action.event === event && action.success) });
  };

  const parentScreen = screen.parent ? config.screens.find((s) => s.route === screen.parent) : undefined;
  const parentPath = parentScreen ? fillRoute(parentScreen.route, params) : null;
  const parent = parentScreen && parentPath ? { title: titleText(t, parentScreen.title), path: parentPath } : undefined;
  // `x-frozen`, `x-frozenUnless`: a record in one of these statuses is no longer edited, by anyone or by
  // this user (the server refuses it too).
  const frozen = frozenFor(entity, status, userRoles);
  const readOnly = entity?.['x-readOnly'] === true || frozen || notTheirs;
  const tabs = screen.tabs ?? [{ name: 'main', title: screen.title, panels: [{ kind: 'form' }] }];
  // A page of read-only panels (no form, no editable lines) has no Save.
  const nothingToSave = !tabs.some((tab) => tab.panels.some(editsRecord));
  const elsewhere = useMemo(() => (entity ? shownElsewhere(screen, entity) : []), [screen, entity]);

  if (!entity) return <Alert color="red">{t('engine.search.unknownEntity', { name: screen.entity ?? '' })}</Alert>;
  if (sheet.loading) {
    return (
      <Center h={320}>
        <Loader />
      </Center>
    );
  }
  if (target.mode === 'edit' && !sheet.record) return <Alert color="orange">{t('engine.record.notFound')}</Alert>;

  const renderPanel = (panel: PanelConfig) => {
    const Panel = pickPanel(panel, entity);
    if (!Panel) return <Alert color="red">{t('engine.record.unknownPanel', { kind: panel.kind })}</Alert>;
    return (
      <>
        {panel.title && panel.kind === 'form' && (
          <Title order={3} size="h4" mb="sm">
            {titleText(t, panel.title)}
          </Title>
        )}
        <Panel
          panel={panel}
          screen={screen}
          config={config}
          entity={entity}
          record={sheet.formData}
          view={view}
          saved={sheet.record}
          onChange={sheet.setFormData}
          onReload={() => void sheet.reload()}
          readOnly={readOnly}
          writable={entity['x-readOnly'] !== true && !notTheirs}
          userRoles={userRoles}
          userContactId={userContactId}
          serverErrors={sheet.serverErrors}
          elsewhere={elsewhere}
          registerSubmit={registerSubmit}
        />
      </>
    );
  };

  return (
    <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
      <Stack gap="md" aria-busy={sheet.saving}>
        <RecordHeader
          screen={screen}
          entity={entity}
          config={config}
          view={view}
          saved={sheet.record}
          parent={parent}
          events={sheet.record ? events : []}
          pendingEvent={sheet.pendingEvent}
          dirty={leave.dirty}
          saving={sheet.saving}
          readOnly={readOnly || nothingToSave}
          writable={entity['x-readOnly'] !== true && !notTheirs}
          onEvent={onEvent}
          runEvent={runConfigured}
          onChanged={() => void sheet.reload()}
          onReload={() => void sheet.reload()}
          onCancel={() => (parentPath ? navigate(parentPath) : navigate(-1))}
          onSave={() => void save()}
        />
        {(frozen || notTheirs) && (
          <Alert color="gray" variant="light" role="status">
            {t(frozen ? 'engine.record.frozen' : 'engine.record.notOwner')}
          </Alert>
        )}
        {sheet.conflict && <ConflictAlert message={sheet.conflict} onReload={() => void sheet.reload()} />}
        <RecordTabs tabs={tabs} userRoles={userRoles}>
          {(tab) => (
            // The header paints first (the page's largest text); the panels' forms and grids follow in a render of their own.
            <AfterFirstPaint fallback={<PanelsSkeleton />} code={FORM_CODE}>
              <PanelGrid panels={tab.panels} record={view} render={renderPanel} />
            </AfterFirstPaint>
          )}
        </RecordTabs>
      </Stack>
      {machineName && (
        <EventDialog
          machine={machineName}
          event={asking}
          rule={asking ? rules[asking] : undefined}
          entity={entity}
          pending={sheet.pendingEvent !== null}
          onConfirm={(input) => sheet.runEvent(asking!, input)}
          onClose={() => setAsking(null)}
        />
      )}
      {leave.dialog}
    </DatesProvider>
  );
}
