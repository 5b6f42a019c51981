import { Button, Card, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../engine/api';
import { titleText } from '../../../engine/i18n';
import { useReadySession } from '../../auth/session';
import { showSnack } from '../../notifications/snackbar';
import { COMPANIES, companyPath } from './toolCompanyApi';
import { LookupPick } from './LookupPick';

interface Preview {
  source: { companyId: number; name: string };
  target: { companyId: number; name: string };
  counts: Record<string, number>;
  total: number;
}

/** Merge one company into another: the counts are read first and named in the confirmation, then sent back with it. */
export function MergeCard() {
  const { t } = useTranslation();
  const { config } = useReadySession();
  const [source, setSource] = useState<number | null>(null);
  const [target, setTarget] = useState<number | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(false);
  const entityTitle = (collection: string) => {
    const entity = Object.values(config.entities).find((schema) => schema['x-collection'] === collection);
    return entity ? titleText(t, entity.title as string, collection) : collection;
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      // The app shows the server's reason.
    } finally {
      setBusy(false);
    }
  };
  const review = () => run(async () => setPreview(await api.get<Preview>(companyPath(source!, 'merge'), { query: { into: target } })));
  const merge = () =>
    run(async () => {
      const done = await api.post<{ total: number }>(companyPath(preview!.source.companyId, 'merge'), { into: preview!.target.companyId, total: preview!.total });
      showSnack({ level: 'success', message: t('toolCompany.merged', { source: preview!.source.name, target: preview!.target.name, total: done.total }) });
      setPreview(null);
      setSource(null);
    });

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">{t('toolCompany.merge')}</Title>
        <Text c="dimmed" size="sm">{t('toolCompany.mergeHelp')}</Text>
        <Group grow align="flex-end">
          <LookupPick url={COMPANIES} label={t('toolCompany.source')} value={source} onChange={setSource} testId="merge-source" />
          <LookupPick url={COMPANIES} label={t('toolCompany.target')} value={target} onChange={setTarget} testId="merge-target" />
        </Group>
        <Group justify="flex-end">
          <Button onClick={() => void review()} disabled={!source || !target} loading={busy && !preview} data-testid="merge-review">
            {t('toolCompany.mergeReview')}
          </Button>
        </Group>
      </Stack>
      <Modal opened={!!preview} onClose={() => setPreview(null)} title={t('toolCompany.mergeConfirmTitle')} size="lg">
        {preview && (
          <Stack gap="sm" data-testid="merge-confirm">
            <Text>{t('toolCompany.mergeConfirm', { source: preview.source.name, target: preview.target.name, total: preview.total })}</Text>
            <List size="sm">
              {Object.entries(preview.counts).map(([collection, count]) => (
                <List.Item key={collection}>{t('toolCompany.mergeCount', { name: entityTitle(collection), count })}</List.Item>
              ))}
            </List>
            <Text c="red" size="sm">{t('toolCompany.irreversible')}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPreview(null)}>{t('toolCompany.cancel')}</Button>
              <Button color="red" onClick={() => void merge()} loading={busy} data-testid="merge-run">{t('toolCompany.mergeRun')}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Card>
  );
}
