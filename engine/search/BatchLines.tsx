import { Alert, Button, Group, Paper, Text } from '@mantine/core';
import { IconDeviceFloppy, IconRestore } from '@tabler/icons-react';
import type { GridApi } from 'ag-grid-community';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, reportApiError, request } from '../api';
import type { AppConfig, PanelConfig, ScreenConfig } from '../config';
import type { FieldError } from '../form/validation';
import { notify } from '../notify';
import { LinesPanel } from '../record/lines/LinesPanel';
import { useComputed } from '../record/useComputed';
import type { JsonSchema } from '../schema/resolve';
import { usePageLeaveGuard } from '../sheet/usePageLeaveGuard';
import { batchBody } from './batchDiff';

type Row = Record<string, unknown>;

export interface BatchLinesProps {
  screen: ScreenConfig;
  config: AppConfig;
  entity: JsonSchema;
  /** The search's rows: what the grid starts from. */
  rows: Row[];
  loading: boolean;
  onSaved: () => void;
  /** The grid, for the screen's Excel export. */
  onApi?: (api: GridApi<Row>) => void;
}

const FIELD = 'lines';

/**
 * A search whose results are edited in place (`batch`, docs/schemas.md "Batch-edited searches"):
 * the lines grid over the rows found, with its dialog, cell editors, selection actions (link,
 * unlink…) and totals. Edits stay local until Save sends the deletions, changes and additions in
 * one request; Discard goes back to the rows found. Leaving with unsaved edits asks first.
 */
export function BatchLines({ screen, config, entity, rows, loading, onSaved, onApi }: BatchLinesProps) {
  const { t } = useTranslation();
  const batch = screen.batch!;
  const idField = entity['x-id'] as string;
  const holder = useMemo<JsonSchema>(() => ({ type: 'object', properties: { [FIELD]: { type: 'array', title: screen.title, items: entity } } }), [entity, screen.title]);
  const [base, setBase] = useState<Row[]>(rows);
  const [record, setRecord] = useState<Row>({ [FIELD]: rows });
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const view = useComputed(holder, record);
  const baseline = useMemo(() => ({ [FIELD]: base }), [base]);
  const leave = usePageLeaveGuard(record, baseline);
  const checks = useRef(new Set<() => Promise<boolean>>());
  // New results replace the lines, unless edits are pending: those are not dropped silently.
  const [stale, setStale] = useState(false);
  const takeRows = useEffectEvent((next: Row[]) => {
    if (leave.dirty) return setStale(true);
    setBase(next);
    setRecord({ [FIELD]: next });
    setStale(false);
  });
  useEffect(() => takeRows(rows), [rows]);

  const discard = () => {
    setBase(rows);
    setRecord({ [FIELD]: rows });
    setServerErrors([]);
    setStale(false);
  };
  const save = async () => {
    const valid = await Promise.all([...checks.current].map((check) => check()));
    if (!valid.every(Boolean)) return;
    const { body, places, changes } = batchBody(base, record[FIELD] as Row[], idField, batch);
    if (!changes) return;
    setSaving(true);
    setServerErrors([]);
    try {
      await request(batch.method ?? 'PUT', batch.url, { body, quiet: true });
      notify({ level: 'success', message: t('engine.batch.saved', { count: changes }) });
      setBase(record[FIELD] as Row[]);
      onSaved();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // `/<add list>/0/unit` → the cell of that line in the grid.
      const moved = (error.body?.errors ?? []).map((item) => {
        const prefix = Object.keys(places).find((path) => item.path.startsWith(`${path}/`));
        return prefix ? { ...item, path: `/${FIELD}/${places[prefix]}${item.path.slice(prefix.length)}` } : item;
      });
      setServerErrors(moved);
      reportApiError(error);
    } finally {
      setSaving(false);
    }
  };

  const panel: PanelConfig = { kind: 'lines', field: FIELD, title: screen.title, columns: screen.columns, totals: batch.totals, selectionActions: batch.selectionActions, ui: batch.ui, requiredFirst: batch.requiredFirst };
  return (
    <Paper withBorder radius="md" p="md" aria-busy={loading || saving}>
      {stale && (
        <Alert color="orange" variant="light" mb="sm">
          {t('engine.batch.stale')}
        </Alert>
      )}
      <LinesPanel
        panel={panel}
        screen={screen}
        config={config}
        entity={holder}
        record={record}
        view={view}
        saved={null}
        onChange={setRecord}
        readOnly={false}
        userRoles={[]}
        serverErrors={serverErrors}
        elsewhere={[]}
        onApi={onApi}
        registerSubmit={(check) => {
          checks.current.add(check);
          return () => void checks.current.delete(check);
        }}
      />
      <Group justify="space-between" mt="sm">
        <Text size="sm" c="dimmed">
          {leave.dirty ? t('engine.batch.pending') : t('engine.batch.upToDate')}
        </Text>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconRestore size={16} />} disabled={!leave.dirty || saving} onClick={discard}>
            {t('engine.batch.discard')}
          </Button>
          <Button leftSection={<IconDeviceFloppy size={16} />} disabled={!leave.dirty} loading={saving} onClick={() => void save()}>
            {t('engine.action.save')}
          </Button>
        </Group>
      </Group>
      {leave.dialog}
    </Paper>
  );
}
