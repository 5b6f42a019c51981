import { Badge, Group, Stack, Switch, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionText, enumText, titleText } from '../i18n';
import { roleRuleText } from '../schema/roles';
import { highlighted, type WorkflowChart } from './charts';
import { readableMermaid, type ChartLabels } from './readableChart';
import { WorkflowDiagram } from './WorkflowDiagram';

/** Where a chart's states and events find their words (docs/schemas.md "Workflow viewer"). */
export interface WorkflowLabels {
  /** The `x-enum` of the status field: a state reads `enum.<stateEnum>.<STATE>`. */
  stateEnum?: string;
  /** An `x-enum` naming the events (`enum.<eventEnum>.<EVENT>`); without it a record workflow's event reads `workflow.<machine>.<EVENT>`. */
  eventEnum?: string;
  /** The title key of the status field. */
  fieldTitle?: string;
}

export interface WorkflowPanelProps {
  chart: WorkflowChart;
  /** A record's status, highlighted, with `events`: what it can take now. */
  current?: string;
  events?: string[];
  /** The entity's title key, when the chart moves an entity's records. */
  entityTitle?: string;
  labels?: WorkflowLabels;
}

/** A machine: whose records it moves and who may act, the record's state and events now, then the diagram. */
export function WorkflowPanel({ chart, current, events, entityTitle, labels }: WorkflowPanelProps) {
  const { t } = useTranslation();
  const [technical, setTechnical] = useState(false);
  const now = events ?? (current ? chart.states[current] : undefined) ?? [];
  const words: ChartLabels = useMemo(
    () => ({
      state: (state) => (labels?.stateEnum ? enumText(t, labels.stateEnum, state) : state),
      event: (event) => (labels?.eventEnum ? enumText(t, labels.eventEnum, event) : chart.entity ? actionText(t, chart.id, event) : event),
    }),
    [t, labels?.stateEnum, labels?.eventEnum, chart.entity, chart.id],
  );
  const readable = useMemo(() => readableMermaid(chart.mermaid, words), [chart.mermaid, words]);
  const source = highlighted(chart, current, technical ? chart.mermaid : (readable ?? chart.mermaid));
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        {chart.entity && (
          <Text size="sm">
            {t('engine.workflow.entity', { entity: titleText(t, entityTitle, chart.entity), field: titleText(t, labels?.fieldTitle, chart.statusField) })}
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
          <Badge color="orange" variant="light" style={{ textTransform: 'none' }}>
            {words.state(current)}
          </Badge>
          <Text size="sm" fw={600} ml="sm">
            {t('engine.workflow.eventsNow')}
          </Text>
          {now.length ? (
            now.map((event) => (
              <Badge key={event} variant="outline" style={{ textTransform: 'none' }}>
                {words.event(event)}
              </Badge>
            ))
          ) : (
            <Text size="sm" c="dimmed">
              {t('engine.workflow.noEvent')}
            </Text>
          )}
        </Group>
      )}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="xs" c="dimmed" style={{ flex: 1, minWidth: 240 }}>
          {t(technical || !readable ? 'engine.workflow.legend' : 'engine.workflow.legendReadable')}
        </Text>
        {readable && <Switch size="xs" label={t('engine.workflow.technical')} checked={technical} onChange={(event) => setTechnical(event.currentTarget.checked)} />}
      </Group>
      <WorkflowDiagram source={source} machine={chart.id} current={current} />
    </Stack>
  );
}
