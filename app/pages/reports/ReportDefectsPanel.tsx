import { Alert, Badge, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconBug } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { api } from '../../../engine/api';
import type { PanelProps } from '../../../engine/record/panels';
import type { JsonSchema } from '../../../engine/schema/resolve';
import { TypedNumberInput } from '../../../engine/form/widgets/TypedNumberInput';
import { CountedTextarea, overLimit } from '../../../engine/ui/CountedTextarea';
import { notify } from '../../../engine/notify';
import { SEVERITIES, type Severity } from '../../../domain/report';
import { reportRulesOf } from './reportRules';
import { DefectPicturesCell } from './DefectPictures';
import { useDefectPictureUploads } from './defectPictureUploads';
import { RemoveCell, severityChoices } from './rowControls';

type Row = Record<string, unknown>;
interface LibraryDefect {
  defectId: number;
  family: string;
  code: string;
  category: string;
  defaultSeverity: Severity;
  localizedNameWithCode: string;
}

/** The client's defect library of a service (GET /back/bo/reports/{serviceId}/defects), once per page. */
export function useDefectLibrary(): LibraryDefect[] {
  const { serviceId } = useParams();
  const [library, setLibrary] = useState<LibraryDefect[]>([]);
  useEffect(() => {
    let live = true;
    api.get<LibraryDefect[]>(`/back/bo/reports/${serviceId}/defects`).then((items) => live && setLibrary(items), () => undefined);
    return () => {
      live = false;
    };
  }, [serviceId]);
  return library;
}

/** Library choices grouped by family, as Mantine's Select takes them. */
export const defectChoices = (library: LibraryDefect[]) =>
  [...new Set(library.map((defect) => defect.family))].map((family) => ({
    group: family,
    items: library.filter((defect) => defect.family === family).map((defect) => ({ value: String(defect.defectId), label: defect.localizedNameWithCode })),
  }));

/**
 * Panel `reportDefects` of the report wizard: defects picked from the client's library, each with
 * its severity (the defect's own by default), count and comment, and the running totals per
 * severity against the plan's Ac / Re.
 */
/** The defect comment's `maxLength` in the report schema (the server refuses a longer one). */
const commentMax = (entity: JsonSchema): number | undefined => (entity.properties?.defects as JsonSchema | undefined)?.items?.properties?.comment?.maxLength;

export function ReportDefectsPanel({ record, onChange, serverErrors, entity, registerSubmit, config }: PanelProps) {
  const { t } = useTranslation();
  const maxComment = commentMax(entity);
  const library = useDefectLibrary();
  const uploads = useDefectPictureUploads(record, onChange);
  const choices = useMemo(() => defectChoices(library), [library]);
  const defects = (record.defects as Row[] | undefined) ?? [];
  const computed = reportRulesOf(config).computeReport(record);
  const setDefects = (next: Row[]) => onChange({ ...record, defects: next });
  const change = (index: number, patch: Row) => setDefects(defects.map((defect, at) => (at === index ? { ...defect, ...patch } : defect)));
  const errorAt = (index: number, field: string) => serverErrors.find((error) => error.path === `/defects/${index}/${field}`)?.message;
  // A comment past its limit stays whole, counted and marked; a count that is no whole number stays as typed, marked.
  // The step waits until both are put right.
  const tooLong = defects.filter((defect) => overLimit(defect.comment as string | undefined, maxComment)).length;
  const badCounts = defects.filter((defect) => defect.count !== undefined && !Number.isInteger(defect.count)).length;
  const problems = useRef({ tooLong, badCounts });
  problems.current = { tooLong, badCounts };
  useEffect(
    () =>
      registerSubmit(async () => {
        const { tooLong: comments, badCounts: counts } = problems.current;
        if (comments) notify({ level: 'warning', message: t('report.defectsPanel.commentTooLong', { count: comments }) });
        else if (counts) notify({ level: 'warning', message: t('engine.lines.typedProblems', { count: counts }) });
        return !comments && !counts;
      }),
    [registerSubmit, t],
  );
  const add = (value: string | null) => {
    const picked = library.find((defect) => String(defect.defectId) === value);
    if (picked) setDefects([...defects, { defectId: picked.defectId, severity: picked.defaultSeverity, count: 1, pictures: [] }]);
  };
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <IconBug size={20} />
        <Title order={3} size="h4">{t('report.defects')}</Title>
      </Group>
      <Select label={t('report.defectsPanel.add')} placeholder={t('report.defectsPanel.pick')} data={choices} searchable clearable value={null} onChange={add} nothingFoundMessage={t('report.defectsPanel.none')} maxDropdownHeight={320} />
      {defects.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('report.defectsPanel.empty')}
        </Text>
      ) : (
        <Table withTableBorder verticalSpacing={6} data-testid="report-defects">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('reportDefect.defectId')}</Table.Th>
              <Table.Th w={150}>{t('reportDefect.severity')}</Table.Th>
              <Table.Th w={110}>{t('reportDefect.count')}</Table.Th>
              <Table.Th>{t('reportDefect.comment')}</Table.Th>
              <Table.Th w={240}>{t('reportDefect.pictures')}</Table.Th>
              <Table.Th w={40} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {defects.map((defect, index) => {
              const known = library.find((item) => item.defectId === defect.defectId);
              return (
                <Table.Tr key={index} data-testid="report-defect">
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {known?.localizedNameWithCode ?? `#${String(defect.defectId)}`}
                    </Text>
                    {known && (
                      <Text size="xs" c="dimmed">
                        {[known.family, t(`enum.defectCategory.${known.category}`)].filter((text, at, all) => all.indexOf(text) === at).join(' · ')}
                      </Text>
                    )}
                    {errorAt(index, 'defectId') && (
                      <Text size="xs" c="red">
                        {errorAt(index, 'defectId')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={t('reportDefect.severity')}
                      data={severityChoices(t)}
                      value={String(defect.severity)}
                      allowDeselect={false}
                      onChange={(value) => value && change(index, { severity: value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    {/* A value it cannot take stays typed, marked: nothing is dropped silently. */}
                    <TypedNumberInput aria-label={t('reportDefect.count')} schema={{ type: 'integer' }} value={defect.count} error={errorAt(index, 'count')} onChange={(value) => change(index, { count: value })} />
                  </Table.Td>
                  <Table.Td>
                    <CountedTextarea aria-label={t('reportDefect.comment')} max={maxComment} countFrom={0.8} minRows={1} maxRows={6} value={String(defect.comment ?? '')} error={errorAt(index, 'comment')} onChange={(event) => change(index, { comment: event.currentTarget.value || undefined })} />
                  </Table.Td>
                  <Table.Td>
                    <DefectPicturesCell
                      serviceId={uploads.serviceId}
                      value={(defect.pictures as number[] | undefined) ?? []}
                      pictures={uploads.pictures}
                      waiting={uploads.waiting(index)}
                      onChange={(fileIds) => change(index, { pictures: fileIds })}
                      onTake={(files) => uploads.take(index, files)}
                    />
                  </Table.Td>
                  <RemoveCell
                    label={t('report.defectsPanel.remove')}
                    onRemove={() => {
                      uploads.removed(index);
                      setDefects(defects.filter((_, at) => at !== index));
                    }}
                  />
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <Group gap="xs" data-testid="defect-totals">
        {SEVERITIES.map((severity) => {
          const plan = computed.plans?.[severity];
          const found = computed.totals[severity];
          const over = plan && found >= plan.reject;
          return (
            <Badge key={severity} size="lg" variant="light" color={over ? 'red' : found > 0 ? 'orange' : 'teal'} style={{ textTransform: 'none' }} data-severity={severity}>
              {plan ? t('report.defectsPanel.total', { severity: t(`enum.severity.${severity}`), found, accept: plan.accept, reject: plan.reject }) : t('report.defectsPanel.totalOnly', { severity: t(`enum.severity.${severity}`), found })}
            </Badge>
          );
        })}
      </Group>
      {computed.result === 'REFUSED' && (
        <Alert color="red" variant="light">
          {t('report.defectsPanel.refused')}
        </Alert>
      )}
    </Stack>
  );
}
