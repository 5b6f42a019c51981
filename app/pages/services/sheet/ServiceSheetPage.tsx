import { Anchor, Center, Loader, Stack, Tabs } from '@mantine/core';
import { IconChevronLeft, IconFiles, IconHistory, IconInfoCircle, IconReceipt, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useReadySession } from '../../../auth/session';
import { StatusPage } from '../../StatusPage';
import { NotFoundPage } from '../../simplePages';
import { HistoryTab } from './HistoryTab';
import { NotBuiltTab } from './NotBuiltTab';
import { OverviewTab } from './OverviewTab';
import { useSchemaText } from './schemaText';
import { ServiceHeader } from './ServiceHeader';
import { SplitMergeDialog } from './SplitMergeDialog';
import { useServiceSheet } from './useServiceSheet';

const TABS = ['overview', 'elements', 'history', 'risk', 'billing'] as const;
type Tab = (typeof TABS)[number];

/**
 * `/services/{serviceId}` (spec §2): the header with the workflow actions and the owner's menu,
 * then the tabs overview, elements, history, risk analysis and (BILLING_FEE) billing.
 * The open tab is in the address (`?tab=`) so a link can point at it.
 */
export default function ServiceSheetPage() {
  const { t } = useTranslation();
  const { serviceId = '' } = useParams();
  const { profile } = useReadySession();
  const [params, setParams] = useSearchParams();
  const sheet = useServiceSheet(serviceId);
  const text = useSchemaText('service');
  const [splitMerge, setSplitMerge] = useState(false);
  const billing = profile.roles.includes('BILLING_FEE');
  const shown = TABS.filter((tab) => tab !== 'billing' || billing);
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && shown.includes(asked) ? asked : 'overview';

  if (!/^\d+$/.test(serviceId) || sheet.status === 'notFound') return <NotFoundPage />;
  if (sheet.status === 'failed') {
    return (
      <StatusPage
        icon={<IconInfoCircle size={38} />}
        color="red"
        title={t('serviceSheet.loadFailed')}
        text={t('serviceSheet.loadFailedText')}
        action={{ label: t('common.reload'), onClick: () => void sheet.reload() }}
      />
    );
  }
  const service = sheet.service;
  if (sheet.status === 'loading' || !service) {
    return (
      <Center h={320} aria-busy>
        <Loader />
      </Center>
    );
  }

  return (
    <Stack gap="md" maw={1600} mx="auto">
      <Anchor component={Link} to="/services/search" size="sm" c="dimmed" style={{ display: 'inline-flex', alignItems: 'center', gap: 2, alignSelf: 'flex-start' }}>
        <IconChevronLeft size={14} />
        {t('serviceSheet.back')}
      </Anchor>
      <ServiceHeader service={service} sheet={sheet} text={text} onSplitMerge={() => setSplitMerge(true)} />
      <Tabs
        value={tab}
        onChange={(next) => setParams(next && next !== 'overview' ? { tab: next } : {}, { replace: true })}
        keepMounted={false}
        variant="outline"
        radius="md"
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="overview" leftSection={<IconInfoCircle size={16} />}>
            {t('serviceSheet.tab.overview')}
          </Tabs.Tab>
          <Tabs.Tab value="elements" leftSection={<IconFiles size={16} />}>
            {t('serviceSheet.tab.elements')}
          </Tabs.Tab>
          <Tabs.Tab value="history" leftSection={<IconHistory size={16} />}>
            {t('serviceSheet.tab.history')}
          </Tabs.Tab>
          <Tabs.Tab value="risk" leftSection={<IconShieldCheck size={16} />}>
            {t('serviceSheet.tab.risk')}
          </Tabs.Tab>
          {billing && (
            <Tabs.Tab value="billing" leftSection={<IconReceipt size={16} />}>
              {t('serviceSheet.tab.billing')}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="overview">
          <OverviewTab service={service} sheet={sheet} text={text} />
        </Tabs.Panel>
        <Tabs.Panel value="elements">
          <NotBuiltTab icon={<IconFiles size={28} />} title={t('serviceSheet.elements.title')} text={t('serviceSheet.elements.text')} testId="elements" />
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <HistoryTab serviceId={service.serviceId} revision={sheet.revision} />
        </Tabs.Panel>
        <Tabs.Panel value="risk">
          <NotBuiltTab icon={<IconShieldCheck size={28} />} title={t('serviceSheet.risk.title')} text={t('serviceSheet.risk.text')} testId="risk" />
        </Tabs.Panel>
        {billing && (
          <Tabs.Panel value="billing">
            <NotBuiltTab icon={<IconReceipt size={28} />} title={t('serviceSheet.billing.title')} text={t('serviceSheet.billing.text')} testId="billing" />
          </Tabs.Panel>
        )}
      </Tabs>
      {service.rights.sheet.right === 'WRITE' && <SplitMergeDialog opened={splitMerge} service={service} sheet={sheet} onClose={() => setSplitMerge(false)} />}
    </Stack>
  );
}
