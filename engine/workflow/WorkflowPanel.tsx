import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { actionText, titleText } from '../i18n';
import { roleRuleText } from '../schema/roles';
import type { WorkflowChart } from './charts';
import { WorkflowDiagram } from './WorkflowDiagram';

export interface WorkflowPanelProps {
  chart: WorkflowChart;
  /** A record's status, highlighted, with `events`: what it can take now. */
  current?: string;
  events?: string[];
  /** The entity's title key, when the chart moves an entity's records. */
  entityTitle?: string;
}

/** A machine: whose records it moves and who may act, the record's state and events now, then the diagram. */
export function WorkflowPanel({ chart, current, events, entityTitle }: WorkflowPanelProps) {
  const { t } = useTranslation();
  const now = events ?? (current ? chart.states[current] : undefined) ?? [];
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        {chart.entity && (
          <Text size="sm">
            {t('engine.workflow.entity', { entity: titleText(t, entityTitle, chart.entity), field: chart.statusField })}
          </Text>
        )}
        {chart.roles && (
          <Text size="sm" c="dimmed">
            {t('engine.workflow.roles', { roles: roleRuleText(chart.roles) })}
          </Text>
        )}
      </Group>
      {current && (
        <Group gap="xs" wrap="wrap" data-testid="workflow-now">
          <Text size="sm" fw={600}>
            {t('engine.workflow.current')}
          </Text>
          <Badge color="orange" variant="light">
            {current}
          </Badge>
          <Text size="sm" fw={600} ml="sm">
            {t('engine.workflow.eventsNow')}
          </Text>
          {now.length ? (
            now.map((event) => (
              <Badge key={event} variant="outline">
                {chart.entity ? actionText(t, chart.id, event) : event}
              </Badge>
            ))
          ) : (
            <Text size="sm" c="dimmed">
              {t('engine.workflow.noEvent')}
            </Text>
          )}
        </Group>
      )}
      <Text size="xs" c="dimmed">
        {t('engine.workflow.legend')}
      </Text>
      <WorkflowDiagram chart={chart} current={current} />
    </Stack>
  );
}
