import { Alert, Button, Checkbox, Group, Modal, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../../engine/api';
import { showSnack } from '../../../notifications/snackbar';
import { serviceApi, type ServiceView } from '../shared/serviceApi';
import { useSchemaText } from './schemaText';
import { useServiceFinder } from './useServiceFinder';
import type { ServiceSheet } from './useServiceSheet';

type Mode = 'split' | 'merge';

/**
 * Spec §5.4: split moves chosen PO lines to another service; merge moves them all and cancels
 * (or deletes, irreversibly) this one. Source and target must differ; the server checks the rest.
 */
export function SplitMergeDialog({ opened, service, sheet, onClose }: { opened: boolean; service: ServiceView; sheet: Pick<ServiceSheet, 'apply' | 'reload'>; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const text = useSchemaText('service');
  const finder = useServiceFinder();
  const [mode, setMode] = useState<Mode>('split');
  const [target, setTarget] = useState<ServiceView | null>(null);
  const [lineIds, setLineIds] = useState<string[]>([]);
  const [deleteSource, setDeleteSource] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const lines = service.purchaseOrderLines ?? [];

  const reset = useEffectEvent(() => {
    setMode('split');
    setTarget(null);
    setLineIds([]);
    setDeleteSource(false);
    setError('');
    finder.setQuery('');
  });
  useEffect(() => {
    if (opened) reset();
  }, [opened]);

  const options = [...(target ? [target] : []), ...finder.found.filter((found) => found.serviceId !== target?.serviceId)].map((found) => ({
    value: String(found.serviceId),
    label: `${found.number} · ${text.value('type', found.type)} · ${text.date(found.startDate)}`,
  }));

  /** The client-side checks of spec §5.4 and §8, before asking the server. */
  const check = (): string => {
    if (!target) return t('serviceSheet.splitMerge.targetRequired');
    if (target.serviceId === service.serviceId) return t('serviceSheet.splitMerge.same');
    if (mode === 'split' && lineIds.length === 0) return t('serviceSheet.splitMerge.noLine');
    if (mode === 'split' && lineIds.length >= lines.length) return t('serviceSheet.splitMerge.keepOne');
    return '';
  };

  const submit = async () => {
    const problem = check();
    setError(problem);
    if (problem || !target) return;
    setBusy(true);
    try {
      if (mode === 'split') {
        const body = { targetServiceId: target.serviceId, purchaseOrderLineIds: lineIds.map(Number), version: service.version };
        const { source } = await serviceApi.split(service.serviceId, body);
        if (source) sheet.apply(source);
        showSnack({ level: 'success', message: t('serviceSheet.splitMerge.splitDone', { target: target.number }) });
      } else {
        const { source } = await serviceApi.merge(service.serviceId, { targetServiceId: target.serviceId, deleteSource, version: service.version });
        showSnack({ level: 'success', message: t('serviceSheet.splitMerge.mergeDone', { target: target.number }) });
        // A deleted source has no sheet any more: show the target.
        if (source) sheet.apply(source);
        else navigate(`/services/${target.serviceId}`);
      }
      onClose();
    } catch (failure) {
      // The server's refusal is already a snack; a stale version shows the service as it is now.
      if (failure instanceof ApiError && failure.status === 409) await sheet.reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>{t('serviceSheet.splitMerge.title')}</Text>} size="lg" centered>
      <Stack gap="md">
        <SegmentedControl
          value={mode}
          onChange={(value) => {
            setMode(value as Mode);
            setError('');
          }}
          data={[
            { value: 'split', label: t('serviceSheet.splitMerge.split') },
            { value: 'merge', label: t('serviceSheet.splitMerge.merge') },
          ]}
        />
        <Text size="sm" c="dimmed">
          {t(mode === 'split' ? 'serviceSheet.splitMerge.splitHelp' : 'serviceSheet.splitMerge.mergeHelp', { number: service.number })}
        </Text>
        <Select
          label={t('serviceSheet.splitMerge.target')}
          placeholder={t('serviceSheet.splitMerge.targetPlaceholder')}
          searchable
          clearable
          data={options}
          value={target ? String(target.serviceId) : null}
          onChange={(value) => {
            setTarget([target, ...finder.found].find((found) => found && String(found.serviceId) === value) ?? null);
            setError('');
          }}
          searchValue={finder.query}
          onSearchChange={finder.setQuery}
          filter={({ options: all }) => all}
          nothingFoundMessage={
            finder.loading ? t('serviceSheet.splitMerge.searching') : finder.tooShort ? t('serviceSheet.splitMerge.typeNumber') : t('serviceSheet.splitMerge.noneFound')
          }
          required
          comboboxProps={{ withinPortal: true }}
        />
        {mode === 'split' ? (
          <Checkbox.Group label={t('serviceSheet.splitMerge.lines')} value={lineIds} onChange={setLineIds} required>
            <Stack gap={6} mt="xs">
              {lines.map((line) => (
                <Checkbox key={line.purchaseOrderLineId} value={String(line.purchaseOrderLineId)} label={`${line.poNumber} · ${line.designation}`} />
              ))}
            </Stack>
          </Checkbox.Group>
        ) : (
          <>
            <Checkbox label={t('serviceSheet.splitMerge.deleteSource', { number: service.number })} checked={deleteSource} onChange={(event) => setDeleteSource(event.currentTarget.checked)} />
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('serviceSheet.splitMerge.irreversibleTitle')}>
              {t(deleteSource ? 'serviceSheet.splitMerge.irreversibleDelete' : 'serviceSheet.splitMerge.irreversibleCancel', { number: service.number })}
            </Alert>
          </>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert" data-testid="split-merge-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('engine.action.cancel')}
          </Button>
          <Button color={mode === 'merge' ? 'red' : undefined} loading={busy} onClick={() => void submit()}>
            {t(mode === 'split' ? 'serviceSheet.splitMerge.doSplit' : 'serviceSheet.splitMerge.doMerge')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
