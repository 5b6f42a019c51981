import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { humanize, titleText } from '../i18n';
import { propertiesOf } from '../schema/fields';
import type { JsonSchema } from '../schema/resolve';

export interface ShownOnceDialogProps {
  entity: JsonSchema;
  /** The create answer, or null when closed. */
  record: Record<string, unknown> | null;
  fields: string[];
  onClose: () => void;
}

/** Fields of a create answer the server never sends again (secrets): shown once, to be copied now. */
export function ShownOnceDialog({ entity, record, fields, onClose }: ShownOnceDialogProps) {
  const { t } = useTranslation();
  const props = propertiesOf(entity);
  const shown = record ? fields.filter((field) => record[field] != null && record[field] !== '') : [];
  const name = record?.[entity['x-label']];
  return (
    <Modal
      opened={shown.length > 0}
      onClose={onClose}
      title={<Text fw={700}>{t('engine.shownOnce.title', { name: name ?? titleText(t, entity.title) })}</Text>}
      size="lg"
      centered
      closeOnClickOutside={false}
      overlayProps={{ backgroundOpacity: 0.45, blur: 2 }}
      zIndex={350}
    >
      <Stack gap="md">
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {t('engine.shownOnce.warning')}
        </Alert>
        {shown.map((field) => {
          const value = String(record![field]);
          const label = titleText(t, props[field]?.title, humanize(field));
          return (
            <Stack key={field} gap={4}>
              <Text size="sm" fw={600}>
                {label}
              </Text>
              <Group gap="xs" wrap="nowrap" align="stretch">
                <Code block data-testid={`shown-once-${field}`} style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap', fontSize: 14, userSelect: 'all' }}>
                  {value}
                </Code>
                <CopyButton value={value}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? t('engine.shownOnce.copied') : t('engine.shownOnce.copy')} withinPortal>
                      <Button
                        variant={copied ? 'light' : 'default'}
                        color={copied ? 'teal' : undefined}
                        leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                        onClick={copy}
                        aria-label={t('engine.shownOnce.copyField', { name: label })}
                        style={{ height: 'auto' }}
                      >
                        {copied ? t('engine.shownOnce.copied') : t('engine.shownOnce.copy')}
                      </Button>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          );
        })}
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('engine.shownOnce.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
