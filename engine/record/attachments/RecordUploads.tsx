import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRecordUploads } from '../../files/uploads';

/** This record's files still on their way (the shell's upload panel shows every upload and aborts them). */
export function RecordUploads({ fileType, entityId }: { fileType: string; entityId: number }) {
  const { t, i18n } = useTranslation();
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' });
  const items = useRecordUploads(fileType, entityId);
  if (items.length === 0) return null;
  return (
    <Stack gap={6} data-testid="attachments-uploading">
      {items.map((item) => (
        <div key={item.id}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" truncate>
              {item.fileName}
            </Text>
            <Text size="xs" c={item.state === 'refused' ? 'red' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
              {item.state === 'refused' ? (item.error ?? t('engine.attachments.refused')) : percent.format(Math.floor(item.percent) / 100)}
            </Text>
          </Group>
          <Progress value={item.percent} size="sm" color={item.state === 'refused' ? 'red' : undefined} animated={item.state !== 'refused'} aria-label={item.fileName} />
        </div>
      ))}
    </Stack>
  );
}
