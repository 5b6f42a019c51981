import { Badge, Group, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api';
import { colorsOf, valueColor } from '../format/colors';
import { formatDate, formatDateTime } from '../format/values';
import { actionText, enumText, titleText } from '../i18n';
import { ensureLabels, knownLabel } from '../lookup/cache';
import { useLabelsVersion } from '../lookup/useLookup';
import { enumOf, lookupOf, propertiesOf } from '../schema/fields';
import type { JsonSchema } from '../schema/resolve';
import type { PanelProps } from './panels';
import { firstValue, rowCallUrl } from './rowCalls';

type Row = Record<string, unknown>;
/** Days the server writes into an event's detail (proposed dates), shown like every date. */
const ISO_DAY = /\b\d{4}-\d{2}-\d{2}\b/g;
const LONG_TEXT = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/**
 * Panel kind `history` (docs/schemas.md "Notes and history panels"): what happened to the record,
 * newest first, read from the `list` call each time the record changes. `entity` is the rows'
 * schema; `rowFields` say which of their fields is what happened (an enum label, else the record
 * machine's event), the statuses left and reached (badges), who, the side, the detail and when.
 */
export function HistoryPanel({ panel, config, entity, saved }: PanelProps) {
  const { t, i18n } = useTranslation();
  const [rows, setRows] = useState<Row[] | null>(null);
  useLabelsVersion();
  const props = propertiesOf(config.entities[panel.entity ?? '']);
  const fields = panel.rowFields ?? {};
  const lookups = [fields.author, fields.company].flatMap((field) => (field && lookupOf(props[field]) ? [{ field, lookup: lookupOf(props[field])! }] : []));
  // Statuses without an enum of their own (a generic history) read as the record's status.
  const recordStatus = propertiesOf(entity)[entity['x-status'] as string];
  const machine = entity['x-machine'] as string | undefined;
  const url = rowCallUrl(panel.list, saved);

  const version = saved?.version;
  const nameAuthors = useEffectEvent((found: Row[]) => {
    for (const { field, lookup } of lookups) void ensureLabels(lookup.url, found.map((row) => row[field]), lookup.search);
  });
  // Read again after each save (a new version).
  useEffect(() => {
    if (!url) return setRows([]);
    let live = true;
    api.get<Row[]>(url).then(
      (found) => {
        if (!live) return;
        setRows(found);
        nameAuthors(found);
      },
      () => live && setRows([]),
    );
    return () => {
      live = false;
    };
  }, [url, version]);

  const enumLabel = (schema: JsonSchema | undefined, value: unknown) => enumText(t, enumOf(schema)?.name, value);
  const titleOf = (row: Row) => {
    const found = firstValue(row, fields.title);
    if (!found) return '';
    return enumOf(props[found.field]) || !machine ? enumLabel(props[found.field], found.value) : actionText(t, machine, String(found.value));
  };
  const badge = (field: string, value: unknown) => {
    const schema = enumOf(props[field]) ? props[field] : recordStatus;
    return (
      <Badge variant="light" size="sm" radius="sm" color={valueColor(value, colorsOf(schema))} style={{ textTransform: 'none' }}>
        {enumLabel(schema, value)}
      </Badge>
    );
  };
  const byline = (row: Row) => {
    // A contact's label already names its company.
    const who = lookups.map(({ field, lookup }) => knownLabel(lookup.url, row[field])).find(Boolean);
    const meta = (fields.meta ?? []).map((field) => (row[field] == null ? '' : enumLabel(props[field], row[field])));
    return [who, ...meta, formatDateTime(firstValue(row, fields.date)?.value, i18n.language)].filter(Boolean).join(' · ');
  };

  return (
    <div>
      <Title order={3} size="h4" mb="sm">
        {titleText(t, panel.title ?? 'engine.history.title')}
      </Title>
      {rows === null ? (
        <Skeleton h={120} />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t('engine.history.empty')}</Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} active={rows.length} data-testid="record-history">
          {rows.map((row, index) => {
            const from = fields.from ? row[fields.from] : undefined;
            const to = fields.to ? row[fields.to] : undefined;
            const detail = fields.detail ? row[fields.detail] : undefined;
            return (
              <Timeline.Item key={index} color={to ? valueColor(to, colorsOf(props[fields.to!] ?? recordStatus)) : 'gray'} title={<Text fw={600}>{titleOf(row)}</Text>} data-testid="history-event">
                <Stack gap={4} mt={4}>
                  {to != null && from !== to && (
                    <Group gap={6}>
                      {from != null && (
                        <>
                          {badge(fields.from!, from)}
                          <IconArrowRight size={14} color="var(--mantine-color-dimmed)" aria-label={t('engine.history.to')} />
                        </>
                      )}
                      {badge(fields.to!, to)}
                    </Group>
                  )}
                  {typeof detail === 'string' && detail && (
                    <Text size="sm" style={LONG_TEXT}>
                      {detail.replace(ISO_DAY, (day) => formatDate(day, i18n.language))}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {byline(row)}
                  </Text>
                </Stack>
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </div>
  );
}
