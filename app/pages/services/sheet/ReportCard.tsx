import { Button, Group, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconFilePlus, IconPencil, IconRefresh } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { enumText } from '../../../../engine/i18n';
import type { PanelProps } from '../../../../engine/record/panels';
import { ActionButtons } from '../../../../engine/search/ActionButtons';
import { allowedActions } from '../../../../engine/search/rowActions';
import { useRowActions } from '../../../../engine/search/useRowActions';
import { ConfirmDialog } from '../../../../engine/ui/ConfirmDialog';
import type { ServiceView } from '../shared/serviceApi';
import { DecisionBadge } from './DecisionBadge';
import { InfoCard, InfoField } from './InfoCard';
import { LONG_TEXT } from './longText';
import { SEVERITIES } from '../../../../domain/report';
import { reportCalls, type ReportOverview, type ReportView } from './reportCalls';
import { ReportCustomValues } from '../../reports/ReportCustomValues';
import { useSchemaText } from './schemaText';
import { useLookupLabels } from './useLookupLabels';
import type { ServiceSheet } from './useServiceSheet';

/** Steps in which the provider writes the report (server/reports/routes.ts WRITABLE_STEPS). */
const WRITABLE_STEPS = ['CONFIRMED', 'TERMINATED'];
const CONTACTS = '/back/bo/networkcombo/contacts';

/** The AQL plan per severity: sample size, accept and reject numbers, and the defects found (at or over Re: refused). */
function PlanTable({ computed }: { computed: NonNullable<ReportOverview['computed']> }) {
  const { t } = useTranslation();
  const text = useSchemaText('report');
  const head = (short: string, long: string) => (
    <Table.Th ta="right" title={t(long)}>
      <abbr title={t(long)} style={{ textDecoration: 'none' }}>
        {t(short)}
      </abbr>
    </Table.Th>
  );
  return (
    <Table withTableBorder withColumnBorders={false} verticalSpacing={6} horizontalSpacing="sm" fz="sm" data-testid="report-plan" aria-label={t('report.computed.plans')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('serviceSheet.report.severity')}</Table.Th>
          {head('serviceSheet.report.n', 'serviceSheet.report.sampleSize')}
          {head('serviceSheet.report.ac', 'serviceSheet.report.accept')}
          {head('serviceSheet.report.re', 'serviceSheet.report.reject')}
          {head('serviceSheet.report.found', 'report.computed.totals')}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {SEVERITIES.map((severity) => {
          const plan = computed.plans?.[severity];
          const found = computed.totals?.[severity] ?? 0;
          const over = !!plan && found >= plan.reject;
          return (
            <Table.Tr key={severity} data-severity={severity}>
              <Table.Td>{enumText(t, 'severity', severity)}</Table.Td>
              <Table.Td ta="right">{plan ? text.number(plan.sampleSize) : '—'}</Table.Td>
              <Table.Td ta="right">{plan ? text.number(plan.accept) : '—'}</Table.Td>
              <Table.Td ta="right">{plan ? text.number(plan.reject) : '—'}</Table.Td>
              <Table.Td ta="right" c={over ? 'red.8' : undefined} fw={over ? 700 : undefined} data-over={over || undefined}>
                {text.number(found)}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The report of the service on its overview (spec §6.4): the verdict and the client's decision for
 * whoever reads the report; the AQL plan for full readers; writing, regenerating, downloading
 * and deciding as the caller's rights allow. The panel's `buttons` (the client's decision: an action
 * form of schemas/screens/serviceSheet.json) act on the service, its report overview and decision.
 */
export function ReportCard({ service, sheet, panel, config, userRoles }: PanelProps & { service: ServiceView; sheet: ServiceSheet }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const text = useSchemaText('report');
  const [overview, setOverview] = useState<ReportOverview | null>(null);
  const [report, setReport] = useState<ReportView | null>(null);
  const [failed, setFailed] = useState(false);
  const [regenerating, setRegenerating] = useState(false);
  const decision = report?.decision;
  const people = useLookupLabels(CONTACTS, [decision?.decidedBy, decision?.reopenedBy]);
  const nameOf = (id: number | undefined) => (id != null ? (people(id)?.label ?? t('serviceSheet.notVisible')) : t('serviceSheet.notVisible'));

  const load = useCallback(async () => {
    try {
      const found = await reportCalls.overview(service.serviceId);
      setOverview(found);
      setFailed(false);
      // The decision's comment and author come with the report (a limited reader gets them too).
      setReport(found.exists && found.rights.report !== 'NONE' ? await reportCalls.report(service.serviceId).catch(() => null) : null);
    } catch {
      // Spec §8: a report that cannot be fetched is shown as none.
      setFailed(true);
    }
  }, [service.serviceId]);

  useEffect(() => {
    void load();
  }, [load, sheet.revision]);
  const { run, dialog } = useRowActions(sheet.touch, config);

  const reportPage = `/services/${service.serviceId}/report`;
  const writable = overview?.rights.report === 'WRITE' && WRITABLE_STEPS.includes(overview.serviceStep);
  // The client's decision freezes the report (docs/reports.md): the provider reopens it to change it.
  const decided = !!overview?.clientDecision && overview.clientDecision !== 'PENDING';
  const writes = writable && !decided;
  const reopens = writable && decided && overview?.version !== undefined;
  const shown = !!overview?.exists && overview.rights.report !== 'NONE';
  // What the configured buttons read: the report's version and rights over the service's, a pending decision as none chosen.
  const row = { ...service, ...overview, decision: { ...decision, clientDecision: decided ? decision?.clientDecision : undefined }, creator: report?.creator };

  const body = () => {
    if (!overview && !failed) return <Skeleton h={96} radius="md" />;
    if (!overview || !shown) {
      return (
        <Stack gap="sm" align="flex-start">
          <Text c="dimmed" size="sm" data-testid="report-none">
            {t(overview?.exists ? 'serviceSheet.report.notVisible' : 'serviceSheet.report.none')}
          </Text>
          {overview && !overview.exists && writes && (
            <Button component={Link} to={reportPage} size="xs" leftSection={<IconFilePlus size={16} />}>
              {t('serviceSheet.report.new')}
            </Button>
          )}
        </Stack>
      );
    }
    const computed = overview.computed;
    return (
      <Stack gap="md">
        <Group gap="lg" align="flex-start">
          <InfoField label={t('report.reportResult')}>
            <div>
              <DecisionBadge value={overview.reportResult} reportType={overview.reportType} label={enumText(t, 'reportResult', overview.reportResult ?? 'PENDING')} data-testid="report-result" />
            </div>
          </InfoField>
          <InfoField label={t('report.decision')}>
            <div>
              <DecisionBadge value={overview.clientDecision} label={enumText(t, 'clientDecision', overview.clientDecision ?? 'PENDING')} data-testid="report-decision" />
            </div>
          </InfoField>
        </Group>
        {decision?.decisionDate && (
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('serviceSheet.report.decidedBy', { name: nameOf(decision.decidedBy), when: text.dateTime(decision.decisionDate) })}
            </Text>
            {decision.comment && (
              <Text size="sm" style={LONG_TEXT} data-testid="report-decision-comment">
                {decision.comment}
              </Text>
            )}
          </Stack>
        )}
        {decision?.reopenDate && (
          <Stack gap={2} data-testid="report-reopened">
            <Text size="xs" c="dimmed">
              {t('serviceSheet.report.reopenedBy', { name: nameOf(decision.reopenedBy), when: text.dateTime(decision.reopenDate) })}
            </Text>
            {decision.reopenComment && (
              <Text size="sm" style={LONG_TEXT}>
                {decision.reopenComment}
              </Text>
            )}
          </Stack>
        )}
        {reopens && (
          <Text size="sm" c="dimmed" data-testid="report-frozen">
            {t('serviceSheet.report.frozen')}
          </Text>
        )}
        <Group gap="lg" align="flex-start">
          <InfoField label={t('report.reportType')}>{enumText(t, 'reportType', overview.reportType)}</InfoField>
          {computed && <InfoField label={t('report.computed.lotSize')}>{text.number(computed.lotSize)}</InfoField>}
          {computed && <InfoField label={t('report.computed.codeLetter')}>{computed.codeLetter ?? ''}</InfoField>}
        </Group>
        {computed?.plans && <PlanTable computed={computed} />}
        {report?.customFieldReport && Object.keys(report.customFieldReport).length > 0 && <ReportCustomValues serviceId={service.serviceId} values={report.customFieldReport} />}
      </Stack>
    );
  };

  const actions = shown && overview && (
    <Group gap="xs">
      <ActionButtons actions={allowedActions(panel.buttons, userRoles)} row={row} onRun={(action, on) => void run(action, on)} />
      {overview.downloadable && (
        <Button
          size="xs"
          variant="light"
          component="a"
          href={reportCalls.pdfUrl(service.serviceId)}
          download={t('serviceSheet.report.fileName', { number: service.number })}
          leftSection={<IconDownload size={16} />}
        >
          {t('serviceSheet.report.download')}
        </Button>
      )}
      {writes && (
        <Button size="xs" variant="default" component={Link} to={reportPage} leftSection={<IconPencil size={16} />}>
          {t('serviceSheet.report.edit')}
        </Button>
      )}
      {writes && (
        <Tooltip label={t('serviceSheet.report.regenerateHelp')} multiline w={260}>
          <Button size="xs" variant="subtle" color="red" leftSection={<IconRefresh size={16} />} onClick={() => setRegenerating(true)}>
            {t('serviceSheet.report.regenerate')}
          </Button>
        </Tooltip>
      )}
    </Group>
  );

  return (
    <InfoCard title={t('serviceSheet.report.title')} testId="report-card">
      <Stack gap="md">
        {body()}
        {actions}
      </Stack>
      <ConfirmDialog
        opened={regenerating}
        title={t('serviceSheet.report.regenerateTitle')}
        message={t('serviceSheet.report.regenerateMessage', { number: service.number })}
        confirmLabel={t('serviceSheet.report.regenerate')}
        danger
        onConfirm={() => {
          setRegenerating(false);
          void navigate(`${reportPage}?mode=new`);
        }}
        onCancel={() => setRegenerating(false)}
      />
      {dialog}
    </InfoCard>
  );
}
