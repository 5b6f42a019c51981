import { Badge, Group, Stack, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { useTranslation } from 'react-i18next';
import { ROLE_COLORS, type PlanningCell, type PlanningRow } from './planningGrid';

/** What the grid hands every day cell: how to open a service. */
export interface DayCellContext {
  openService: (serviceId: number) => void;
}

/** A role as a short coloured badge (the full label in its tooltip). */
export function RoleBadge({ role }: { role: string }) {
  const { t } = useTranslation();
  return (
    <Badge size="xs" radius="sm" variant={role === 'FIELD_LEADER' ? 'filled' : 'light'} color={ROLE_COLORS[role] ?? 'gray'} styles={{ root: { minWidth: 30 } }}>
      {t(`planning.role.short.${role}`)}
    </Badge>
  );
}

/** One contributor's day: per service, the role badge and the service number; a click opens the service. */
export function DayCell(props: CustomCellRendererProps<PlanningRow, PlanningCell[] | undefined, DayCellContext>) {
  const { t } = useTranslation();
  const cells = props.value ?? [];
  return (
    <Stack gap={4} justify="center" h="100%" py={4}>
      {cells.map((cell) => (
        <Tooltip key={cell.serviceId} label={t('planning.cell.tooltip', { number: cell.number, role: t(`enum.typePlanning.${cell.typePlanning}`) })} withArrow openDelay={300}>
          <UnstyledButton
            data-testid={`planning-cell-${cell.serviceId}`}
            onClick={() => props.context?.openService(cell.serviceId)}
            style={{ lineHeight: 1 }}
          >
            <Stack gap={2} align="center">
              <RoleBadge role={cell.typePlanning} />
              <Text size="10px" c="dimmed" lh={1}>
                {cell.number}
              </Text>
            </Stack>
            {/* Named by what it shows (WCAG 2.5.3), then what that means. */}
            <VisuallyHidden>{t('planning.cell.tooltip', { number: cell.number, role: t(`enum.typePlanning.${cell.typePlanning}`) })}</VisuallyHidden>
          </UnstyledButton>
        </Tooltip>
      ))}
    </Stack>
  );
}

/** The contributor column: name, then their provider office. */
export function ContributorCell(props: CustomCellRendererProps<PlanningRow>) {
  const row = props.data;
  if (!row) return null;
  return (
    <Stack gap={0} justify="center" h="100%">
      <Group gap={6} wrap="nowrap">
        <Badge size="sm" variant="default" radius="sm">
          {row.acronym}
        </Badge>
        <Text size="sm" fw={500} truncate>
          {row.fullName}
        </Text>
      </Group>
      {row.companyName && (
        <Text size="xs" c="dimmed" truncate>
          {row.companyName}
        </Text>
      )}
    </Stack>
  );
}
