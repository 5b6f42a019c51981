import { ActionIcon, Button, Group, Paper, ScrollArea, Text } from '@mantine/core';
import type Form from '@rjsf/core';
import { IconFilter, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaForm } from '../form/SchemaForm';
import { compactQuery } from '../schema/fields';
import { useReturnFocus } from '../ui/useReturnFocus';
import type { JsonSchema } from '../schema/resolve';

/** Apply stays locked this long after a click (spec §9), so one click means one search. */
export const APPLY_LOCK_MS = 1000;

export interface FilterPanelProps {
  schema: JsonSchema;
  value: Record<string, unknown>;
  onApply: (filter: Record<string, unknown>) => void;
  onClose: () => void;
}

/**
 * The panel opens after the grid in the page: the focus moves into it (to its first button, Close —
 * a first field that is a select would open its list on focus), so a keyboard user does not Tab
 * through the grid to reach it; closed, the focus goes back to what opened it.
 */
function useFocusInside(panelRef: RefObject<HTMLElement | null>) {
  useReturnFocus();
  useEffect(() => {
    panelRef.current?.querySelector<HTMLElement>('button')?.focus();
  }, [panelRef]);
}

/** The side panel with the search form (without the dates, which are in the toolbar), Clear and Apply. */
export function FilterPanel({ schema, value, onApply, onClose }: FilterPanelProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const [locked, setLocked] = useState(false);
  const formRef = useRef<Form>(null);
  const panelRef = useRef<HTMLElement>(null);
  useFocusInside(panelRef);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => setDraft(value), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = (data: Record<string, unknown>) => {
    setLocked(true);
    timer.current = setTimeout(() => setLocked(false), APPLY_LOCK_MS);
    onApply(compactQuery(data));
  };

  return (
    <Paper ref={panelRef} withBorder radius="md" w={{ base: '100%', md: 320 }} style={{ display: 'flex', flexDirection: 'column', flexShrink: 0 }} component="aside" aria-label={t('engine.search.filters')}>
      <Group justify="space-between" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Group gap={6}>
          <IconFilter size={16} />
          <Text fw={600} size="sm">
            {t('engine.search.filters')}
          </Text>
        </Group>
        <ActionIcon variant="subtle" color="gray" onClick={onClose} aria-label={t('engine.action.close')}>
          <IconX size={16} />
        </ActionIcon>
      </Group>
      <ScrollArea style={{ flex: 1 }} px="md" py="sm" type="auto">
        <SchemaForm schema={schema} formData={draft} onChange={setDraft} onSubmit={apply} mode="filter" formRef={formRef} idPrefix="filter" />
      </ScrollArea>
      <Group justify="flex-end" gap="xs" px="md" py="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <Button variant="default" onClick={() => setDraft({})}>
          {t('engine.search.clear')}
        </Button>
        <Button onClick={() => formRef.current?.submit()} disabled={locked}>
          {t('engine.search.apply')}
        </Button>
      </Group>
    </Paper>
  );
}
