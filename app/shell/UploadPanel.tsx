import { ActionIcon, Group, Paper, Progress, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown, IconChevronUp, IconCircleCheck, IconUpload, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setAcceptedMimeTypes } from '../../engine/files/uploadChecks';
import { abortUpload, dismissUpload, isUploadPending, resumeSavedUploads, useUploadQueue, type UploadItem } from '../../engine/files/uploads';
import { useReadySession } from '../auth/session';
import { UploadLeaveGuard } from './UploadLeaveGuard';
import classes from './UploadPanel.module.css';

const percentText = (language: string, percent: number) => new Intl.NumberFormat(language, { style: 'percent' }).format(percent / 100);

function UploadRow({ item }: { item: UploadItem }) {
  const { t, i18n } = useTranslation();
  const refused = item.state === 'refused';
  const done = item.state === 'done';
  return (
    <Stack gap={4} data-testid="upload-item" data-state={item.state}>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text size="sm" fw={500} truncate title={item.fileName} style={{ minWidth: 0, flex: 1 }}>
          {item.fileName}
        </Text>
        {done && <IconCircleCheck size={18} color="var(--mantine-color-green-6)" aria-hidden />}
        {refused ? (
          <Tooltip label={t('uploads.dismiss')}>
            <ActionIcon variant="subtle" color="gray" size="sm" onClick={() => dismissUpload(item.id)} aria-label={t('uploads.dismiss')}>
              <IconX size={16} />
            </ActionIcon>
          </Tooltip>
        ) : (
          !done && (
            <Tooltip label={t('uploads.abort')}>
              <ActionIcon variant="subtle" color="red" size="sm" onClick={() => abortUpload(item.id)} aria-label={t('uploads.abortFile', { name: item.fileName })}>
                <IconX size={16} />
              </ActionIcon>
            </Tooltip>
          )
        )}
      </Group>
      {refused ? (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconAlertTriangle size={16} color="var(--mantine-color-red-6)" style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
          <Text size="xs" c="red" data-testid="upload-error">
            {item.error || t('uploads.refused')}
          </Text>
        </Group>
      ) : (
        <>
          <Progress value={item.percent} size="sm" color={done ? 'green' : undefined} striped={item.state === 'hashing'} animated={!done} aria-label={item.fileName} />
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="xs" c={item.state === 'retrying' ? 'orange' : 'dimmed'} truncate>
              {t(`uploads.state.${item.state}`)}
            </Text>
            <Text size="xs" c="dimmed" data-testid="upload-percent">
              {percentText(i18n.language, item.percent)}
            </Text>
          </Group>
        </>
      )}
    </Stack>
  );
}

/**
 * The shell's live upload panel (spec 1 §2, §4): every queued file with its percentage, abort, a refusal's message;
 * it closes when none remain. On start it resumes the uploads a reload interrupted.
 */
export function UploadPanel() {
  const { t, i18n } = useTranslation();
  const { profile, config } = useReadySession();
  const items = useUploadQueue();
  const pending = items.filter(isUploadPending);
  // Folded to its title line when it covers something (a dialog's buttons): the overall percentage stays in sight.
  const [folded, setFolded] = useState(false);
  const refused = items.filter((item) => item.state === 'refused').length;
  const headline = pending.length ? t('uploads.pending', { count: pending.length }) : refused ? t('uploads.refusedCount', { count: refused }) : t('uploads.finished');
  const overall = pending.length ? Math.floor(pending.reduce((sum, item) => sum + item.percent, 0) / pending.length) : 100;

  useEffect(() => {
    setAcceptedMimeTypes((config.enums.uploadMimeType?.enum as string[] | undefined) ?? []);
  }, [config]);
  useEffect(() => {
    if (profile.contactId) resumeSavedUploads(profile.contactId);
  }, [profile.contactId]);

  return (
    <>
      <UploadLeaveGuard pending={pending.length > 0} />
      {items.length > 0 && (
        <Paper className={classes.panel} shadow="lg" radius="md" withBorder p="sm" role="region" aria-label={t('uploads.title')} data-testid="upload-panel">
          <Group gap="xs" wrap="nowrap">
            <IconUpload size={18} aria-hidden />
            <Text size="sm" fw={600} style={{ flex: 1 }} truncate>
              {headline}
            </Text>
            {folded && (
              <Text size="xs" c="dimmed">
                {percentText(i18n.language, overall)}
              </Text>
            )}
            <Tooltip label={t(folded ? 'uploads.unfold' : 'uploads.fold')}>
              <ActionIcon variant="subtle" color="gray" size="sm" onClick={() => setFolded(!folded)} aria-label={t(folded ? 'uploads.unfold' : 'uploads.fold')} aria-expanded={!folded}>
                {folded ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
              </ActionIcon>
            </Tooltip>
          </Group>
          {!folded && (
            <ScrollArea.Autosize mah={260} mt="xs" type="auto" offsetScrollbars>
              <Stack gap="sm">
                {items.map((item) => (
                  <UploadRow key={item.id} item={item} />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Paper>
      )}
    </>
  );
}
