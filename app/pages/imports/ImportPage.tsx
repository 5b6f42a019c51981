import '@mantine/dropzone/styles.css';
import { Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconFileSpreadsheet, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { ApiError } from '../../../engine/api';
import { DropzoneBody } from '../../../engine/files/DropzoneBody';
import { enqueueUploads, MAX_UPLOAD_BYTES, onRecordUploadDone, refusedFiles, useRecordUploads } from '../../../engine/files/uploads';
import { RecordUploads } from '../../../engine/record/attachments/RecordUploads';
import { useReadySession } from '../../auth/session';
import { showSnack } from '../../notifications/snackbar';
import { HistoryTable } from './HistoryTable';
import { IMPORT_KINDS, importCalls, type History, type Mapping, type MappingColumn, type PreviewRow, type Progress as ImportProgress } from './importApi';
import { MappingTable } from './MappingTable';
import { PreviewTable } from './PreviewTable';

/**
 * `/importOrder` and `/importService` (spec §7.5, docs/imports.md): a page of its own because
 * its steps talk to the import calls, not to a record: upload the document (the upload queue),
 * map its columns and confirm them, see the preview's errors, start, follow the progress bar, and
 * the history with each import's refused rows.
 */
const ACCEPTED = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'];
const POLL_MS = 500;

export default function ImportPage() {
  const { pathname } = useLocation();
  const kind = IMPORT_KINDS[pathname.replace(/\/$/, '')] ?? IMPORT_KINDS['/importOrder'];
  const companyId = useReadySession().profile.companyId ?? 0;
  return <ImportSteps key={kind.base} base={kind.base} fileDomain={kind.fileDomain} companyId={companyId} />;
}

function ImportSteps({ base, fileDomain, companyId }: { base: string; fileDomain: string; companyId: number }) {
  const { t } = useTranslation();
  const calls = importCalls(base);
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [preview, setPreview] = useState<PreviewRow[]>([]);
  const [histories, setHistories] = useState<History[]>([]);
  const [running, setRunning] = useState<number | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [busy, setBusy] = useState(false);
  const uploading = useRecordUploads(fileDomain, companyId).length > 0;

  const guarded = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setBusy(false);
    }
  };
  const reload = useCallback(async () => {
    const [nextMapping, nextHistories] = await Promise.all([calls.mapping(), calls.histories()]);
    setMapping(nextMapping);
    setHistories(nextHistories);
    setPreview(nextMapping.document ? (await calls.preview()).rows : []);
    const active = nextHistories.find((history) => history.status === 'QUEUED' || history.status === 'RUNNING');
    if (active) setRunning(active.importHistoryId);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [base]);

  useEffect(() => void reload().catch(() => undefined), [reload]);
  const stored = useEffectEvent(() => void reload().catch(() => undefined));
  useEffect(() => onRecordUploadDone(fileDomain, companyId, () => stored()), [fileDomain, companyId]);

  // The progress bar follows the running import until it ends, then the history shows its counts.
  const ended = useEffectEvent((final: ImportProgress) => {
    setRunning(null);
    showSnack({ level: final.status === 'DONE' ? 'success' : 'error', message: t(final.status === 'DONE' ? 'imports.done' : 'imports.failed') });
    void calls.histories().then(setHistories);
  });
  useEffect(() => {
    if (running === null) return;
    let live = true;
    const poll = async () => {
      const next = await calls.progress(running).catch(() => null);
      if (!live) return;
      if (next) setProgress(next);
      if (next && (next.status === 'DONE' || next.status === 'FAILED')) ended(next);
      else setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [running]);

  const refuse = (files: File[]) => {
    const refusals = refusedFiles(files, {});
    for (const { key, params } of refusals) showSnack({ level: 'warning', message: t(key, params as Record<string, unknown>) });
    return files.filter((file) => !refusals.some((refusal) => refusal.file === file));
  };
  const drop = (files: File[]) => enqueueUploads(refuse(files).slice(0, 1).map((file) => ({ file, fileType: fileDomain, entityId: companyId })));
  const reject = (rejections: FileRejection[]) => {
    for (const { file } of rejections) showSnack({ level: 'warning', message: t('imports.types', { name: file.name }) });
  };

  const map = (column: MappingColumn, target: string | null) =>
    guarded(async () => {
      setMapping(await calls.map(column, target));
      setPreview((await calls.preview()).rows);
    });
  const start = () =>
    guarded(async () => {
      const history = await calls.start();
      setProgress({ status: history.status, percent: 0, rowsRead: 0, totalRows: null });
      setRunning(history.importHistoryId);
      setHistories(await calls.histories());
    });
  const removeDocument = () =>
    guarded(async () => {
      await calls.removeDocument();
      await reload();
    });

  const waiting = mapping?.columns.filter((column) => !column.ready).length ?? 0;
  const errors = preview.filter((row) => row.errors.length).length;
  return (
    <Stack gap="lg" maw={1400}>
      <Text c="dimmed">{t('imports.intro')}</Text>
      <Card withBorder radius="lg" padding="lg">
        <Title order={2} size="h4" mb="sm">
          {t('imports.step.document')}
        </Title>
        {mapping?.document && (
          <Group justify="space-between" mb="sm" wrap="nowrap">
            <Text fw={600} data-testid="import-document">
              {mapping.document.fileName}
            </Text>
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => void removeDocument()} disabled={busy || running !== null}>
              {t('imports.removeDocument')}
            </Button>
          </Group>
        )}
        <Dropzone onDrop={drop} onReject={reject} accept={ACCEPTED} maxSize={MAX_UPLOAD_BYTES} multiple={false} loading={uploading} radius="md" p="md" aria-label={t('imports.drop')} data-testid="import-dropzone">
          <DropzoneBody idleIcon={IconFileSpreadsheet} title={t('imports.drop')} hint={t('imports.typesHint')} minHeight={72} />
        </Dropzone>
        <RecordUploads fileType={fileDomain} entityId={companyId} />
      </Card>

      {mapping?.document && (
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} size="h4" mb="xs">
            {t('imports.step.mapping')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('imports.mappingHelp')}
          </Text>
          <MappingTable mapping={mapping} busy={busy} onMap={(column, target) => void map(column, target)} />
        </Card>
      )}

      {mapping?.document && (
        <Card withBorder radius="lg" padding="lg">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              {t('imports.step.preview')}
            </Title>
            <Text size="sm" c={errors ? 'red.9' : 'dimmed'} data-testid="import-preview-summary">
              {t('imports.previewSummary', { rows: preview.length, errors })}
            </Text>
          </Group>
          <PreviewTable columns={mapping.columns} rows={preview} />
          <Group justify="flex-end" mt="md" gap="md">
            {waiting > 0 && (
              <Text size="sm" c="orange">
                {t('imports.waiting', { count: waiting })}
              </Text>
            )}
            <Button leftSection={<IconPlayerPlay size={16} />} onClick={() => void start()} disabled={busy || waiting > 0 || running !== null} data-testid="import-start">
              {t('imports.start')}
            </Button>
          </Group>
        </Card>
      )}

      {(running !== null || progress) && (
        <Card withBorder radius="lg" padding="lg" data-testid="import-progress">
          <Group justify="space-between" mb="xs">
            <Text fw={600}>{t(running !== null ? 'imports.running' : 'imports.lastRun')}</Text>
            <Text size="sm" c="dimmed">
              {progress ? t('imports.rowsRead', { read: progress.rowsRead, total: progress.totalRows ?? '…' }) : ''}
            </Text>
          </Group>
          <Progress value={progress?.percent ?? 0} size="lg" radius="xl" animated={running !== null} aria-label={t('imports.progress')} />
        </Card>
      )}

      <Card withBorder radius="lg" padding="lg">
        <Title order={2} size="h4" mb="sm">
          {t('imports.step.history')}
        </Title>
        <HistoryTable histories={histories} refusedRowsUrl={calls.refusedRowsUrl} />
      </Card>
    </Stack>
  );
}
