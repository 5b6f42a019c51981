import { Alert, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconScale } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PanelProps } from '../../../engine/record/panels';
import { SEVERITIES } from '../../../domain/report';
import { reportRulesOf } from './reportRules';
import { colorsOf, valueColor } from '../../../engine/format/colors';
import { propertiesOf } from '../../../engine/schema/fields';
import { formatNumber } from '../../../engine/format/values';

type Row = Record<string, unknown>;
const AQL_KEY = { CRITICAL: 'critical', MAJOR: 'major', MINOR: 'minor' } as const;

/**
 * The AQL plan as the report stands (panel `reportPlan` of the report wizard): lot size, code
 * letter, n / Ac / Re per severity against the defects found, and the verdict they give — worked
 * out in the browser by the server's own rules (domain/report.ts, on the configuration's tables), so
 * it follows every keystroke; the server computes it again on save.
 */
export function ReportPlanPanel({ record, panel, config, entity }: PanelProps) {
  const { t, i18n } = useTranslation();
  const computed = reportRulesOf(config).computeReport(record);
  const aql = (record.aql ?? {}) as Row;
  const override = record.resultOverride as string | undefined;
  // The verdict reads as a result and its override does: one enum, one set of colours (x-colors).
  const resultColors = colorsOf(propertiesOf(entity).resultOverride);
  return (
    <Stack gap="sm" data-testid="report-plan">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <IconScale size={20} />
          <Title order={3} size="h4">{t(panel.title ?? 'report.plan.title')}</Title>
        </Group>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('report.plan.lot', { lotSize: formatNumber(computed.lotSize, i18n.language), letter: computed.codeLetter ?? '—' })}
          </Text>
          <Badge size="lg" variant="filled" color={valueColor(computed.result, resultColors)} data-testid="computed-verdict" style={{ textTransform: 'none' }}>
            {t(`enum.reportResult.${computed.result}`)}
          </Badge>
        </Group>
      </Group>
      {computed.plans ? (
        <Table withTableBorder striped verticalSpacing={6} data-testid="plan-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('report.plan.severity')}</Table.Th>
              <Table.Th ta="right">{t('report.plan.aql')}</Table.Th>
              <Table.Th ta="right">{t('report.plan.sample')}</Table.Th>
              <Table.Th ta="right">{t('report.plan.accept')}</Table.Th>
              <Table.Th ta="right">{t('report.plan.reject')}</Table.Th>
              <Table.Th ta="right">{t('report.plan.found')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {SEVERITIES.map((severity) => {
              const plan = computed.plans![severity];
              const found = computed.totals[severity];
              const over = found >= plan.reject;
              return (
                <Table.Tr key={severity} data-severity={severity}>
                  <Table.Td>{t(`enum.severity.${severity}`)}</Table.Td>
                  <Table.Td ta="right">{t(`enum.aqlLimit.${String(aql[AQL_KEY[severity]] ?? '')}`, { defaultValue: String(aql[AQL_KEY[severity]] ?? '—') })}</Table.Td>
                  <Table.Td ta="right" data-cell="n">{formatNumber(plan.sampleSize, i18n.language)}</Table.Td>
                  <Table.Td ta="right" data-cell="ac">{plan.accept}</Table.Td>
                  <Table.Td ta="right" data-cell="re">{plan.reject}</Table.Td>
                  <Table.Td ta="right" data-cell="found">
                    <Text span fw={700} c={over ? 'red' : found > 0 ? undefined : 'dimmed'}>
                      {found}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      ) : (
        <Alert variant="light" color="gray">
          {t(computed.result === 'NA' ? 'report.plan.goodsNotReady' : 'report.plan.none')}
        </Alert>
      )}
      {override && override !== computed.result && (
        <Alert variant="light" color={valueColor(override, resultColors)} data-testid="override">
          {t('report.plan.override', { verdict: t(`enum.reportResult.${override}`) })}
        </Alert>
      )}
    </Stack>
  );
}
