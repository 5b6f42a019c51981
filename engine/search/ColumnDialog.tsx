import { ActionIcon, Alert, Button, Checkbox, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkColumnPrefs, headerText, moveColumn, toPrefs, type ColumnPref, type ColumnSpec } from '../grid/columns';

export interface ColumnDialogProps {
  opened: boolean;
  /** Columns as currently shown (order and visibility). */
  columns: ColumnSpec[];
  onClose: () => void;
  onSave: (prefs: ColumnPref[]) => void;
  onReset: () => void;
}

/** Data table column configuration: show/hide and order; at least one column stays visible (spec §5.4). */
export function ColumnDialog({ opened, columns, onClose, onSave, onReset }: ColumnDialogProps) {
  const { t } = useTranslation();
  const [prefs, setPrefs] = useState<ColumnPref[]>(toPrefs(columns));
  useEffect(() => {
    if (opened) setPrefs(toPrefs(columns));
  }, [opened, columns]);
  const byField = new Map(columns.map((c) => [c.field, c]));
  const problem = checkColumnPrefs(prefs);

  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>{t('engine.columns.title')}</Text>} size="md">
      <Text size="sm" c="dimmed" mb="sm">
        {t('engine.columns.help')}
      </Text>
      <Paper withBorder radius="md">
        <Stack gap={0}>
          {prefs.map((pref, index) => {
            const spec = byField.get(pref.field);
            const title = spec ? headerText(spec, { t }) : pref.field;
            return (
              <Group key={pref.field} justify="space-between" px="sm" py={6} wrap="nowrap" style={index ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}>
                <Checkbox
                  label={title}
                  checked={!pref.hidden}
                  onChange={(event) => {
                    const visible = event.currentTarget.checked;
                    setPrefs((list) => list.map((p) => (p.field === pref.field ? { ...p, hidden: !visible } : p)));
                  }}
                />
                <Group gap={2} wrap="nowrap">
                  <ActionIcon variant="subtle" color="gray" disabled={index === 0} onClick={() => setPrefs((list) => moveColumn(list, index, index - 1))} aria-label={t('engine.columns.moveUp', { name: title })}>
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="gray" disabled={index === prefs.length - 1} onClick={() => setPrefs((list) => moveColumn(list, index, index + 1))} aria-label={t('engine.columns.moveDown', { name: title })}>
                    <IconArrowDown size={16} />
                  </ActionIcon>
                </Group>
              </Group>
            );
          })}
        </Stack>
      </Paper>
      {problem && (
        <Alert color="red" variant="light" mt="sm" icon={<IconInfoCircle size={18} />} role="alert">
          {t(problem)}
        </Alert>
      )}
      <Group justify="space-between" mt="lg">
        <Button variant="subtle" color="gray" onClick={onReset}>
          {t('engine.columns.reset')}
        </Button>
        <Group gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('engine.action.cancel')}
          </Button>
          <Button onClick={() => onSave(prefs)} disabled={!!problem}>
            {t('engine.action.apply')}
          </Button>
        </Group>
      </Group>
    </Modal>
  );
}
