import { Badge, Group, Skeleton, Text, Timeline, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api';
import { valueColor } from '../format/colors';
import { formatDateTime } from '../format/values';
import { actionText, enumText, titleText } from '../i18n';
import { ensureLabels, knownLabel } from '../lookup/cache';
import { useLabelsVersion } from '../lookup/useLookup';
import { enumOf, lookupOf, propertiesOf } from '../schema/fields';
import type { PanelProps } from './panels';

type Row = Record<string, unknown>;
/** The history rows' own schema (schemas/entities/recordHistory.json): labels and the contact lookup. */
const HISTORY = 'recordHistory';

/**
 * Panel kind `history`: the record's changes, newest first (`x-history`, read at
 * `<x-api>/{id}/history`): created, saved, and each workflow event with the status it left and
 * reached, who and when, and what the event was given (a comment). Read again after each change.
 */
export function HistoryPanel({ panel, config, entity, saved }: PanelProps) {
  const { t, i18n } = useTranslation();
  const [rows, setRows] = useState<Row[] | null>(null);
  useLabelsVersion();
  const id = saved?.[entity['x-id'] as string];
  const props = propertiesOf(config.entities[HISTORY]);
  const contacts = lookupOf(props.contactId);
  const statusEnum = enumOf(propertiesOf(entity)[entity['x-status'] as string]);
  const machine = entity['x-machine'] as string | undefined;

  const historyUrl = `${entity['x-api']}/${id}/history`;
  const version = saved?.version;
  const nameAuthors = useEffectEvent((found: Row[]) => {
    if (contacts) void ensureLabels(contacts.url, found.map((row) => row.contactId), contacts.search);
  });
  // Read again after each save (a new version).
  useEffect(() => {
    if (id == null) return setRows([]);
    let live = true;
    api.get<Row[]>(historyUrl).then(
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
  }, [id, historyUrl, version]);

  const status = (value: unknown) => (
    <Badge variant="light" size="sm" radius="sm" color={valueColor(String(value), statusEnum?.values)} style={{ textTransform: 'none' }}>
      {enumText(t, statusEnum?.name, value)}
    </Badge>
  );
  const title = titleText(t, panel.title ?? 'engine.history.title');
  return (
    <div>
      <Title order={4} mb="sm">
        {title}
      </Title>
      {rows === null ? (
        <Skeleton h={120} />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t('engine.history.empty')}</Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} active={rows.length} data-testid="record-history">
          {rows.map((row) => (
            <Timeline.Item
              key={String(row.recordHistoryId)}
              title={
                <Group gap="xs">
                  <Text fw={600}>{row.action === 'EVENT' && machine ? actionText(t, machine, String(row.event)) : enumText(t, enumOf(props.action)?.name, row.action)}</Text>
                  {row.action === 'EVENT' && (
                    <>
                      {status(row.fromStatus)}
                      <IconArrowRight size={14} />
                      {status(row.toStatus)}
                    </>
                  )}
                </Group>
              }
            >
              <Text size="sm" c="dimmed">
                {[contacts ? knownLabel(contacts.url, row.contactId) : undefined, formatDateTime(row.date, i18n.language)].filter(Boolean).join(' · ')}
              </Text>
              {typeof row.detail === 'string' && (
                <Text size="sm" mt={4} fs="italic">
                  {row.detail}
                </Text>
              )}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </div>
  );
}
