import { Alert, Badge, Card, Grid, Loader, NavLink, ScrollArea, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { AppConfig, ScreenConfig } from '../config';
import { titleText } from '../i18n';
import { PageHeader } from '../ui/PageHeader';
import { loadWorkflowCharts, type WorkflowChart } from './charts';
import { statusLabels } from './statusLabels';
import { WorkflowPanel } from './WorkflowPanel';
import { propertiesOf } from '../schema/fields';

export interface WorkflowsScreenProps {
  screen: ScreenConfig;
  config: AppConfig;
}

/**
 * `type: "workflows"`: every machine of machines/ (docs/schemas.md "Workflow viewer"), one drawn
 * at a time. `?machine=<id>` picks it, `&state=<STATE>` highlights a state (a link to one
 * record's place in its machine).
 */
export function WorkflowsScreen({ screen, config }: WorkflowsScreenProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [charts, setCharts] = useState<WorkflowChart[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    loadWorkflowCharts().then(setCharts, () => setFailed(true));
  }, []);

  const chosen = charts?.find((chart) => chart.id === params.get('machine')) ?? charts?.[0];
  const labelsOf = (chart: WorkflowChart) => (chart.entity && config.entities[chart.entity] ? statusLabels(propertiesOf(config.entities[chart.entity]), chart.statusField) : undefined);
  const entityTitle = (chart: WorkflowChart) => (chart.entity ? (config.entities[chart.entity]?.title as string | undefined) : undefined);

  return (
    <Stack gap="lg">
      <PageHeader screen={screen} config={config} />
      {failed && <Alert color="red">{t('engine.workflow.failed')}</Alert>}
      {!charts && !failed && <Loader size="sm" />}
      {charts && chosen && (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Card withBorder padding={0} radius="md">
              <ScrollArea.Autosize mah="calc(100vh - 220px)">
                <nav aria-label={t('engine.workflow.list')}>
                  {charts.map((chart) => (
                    <NavLink
                      key={chart.id}
                      // A button: reached by Tab and pressed with Enter (an anchor without href is neither).
                      component="button"
                      aria-current={chart.id === chosen.id ? 'page' : undefined}
                      label={chart.id}
                      description={chart.entity ? titleText(t, entityTitle(chart), chart.entity) : t('engine.workflow.appMachine')}
                      active={chart.id === chosen.id}
                      rightSection={<Badge size="xs" variant="light">{Object.keys(chart.states).length}</Badge>}
                      onClick={() => setParams({ machine: chart.id }, { replace: true })}
                    />
                  ))}
                </nav>
              </ScrollArea.Autosize>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            <Card withBorder radius="md" padding="lg">
              <WorkflowPanel key={chosen.id} chart={chosen} current={params.get('state') ?? undefined} entityTitle={entityTitle(chosen)} labels={labelsOf(chosen)} />
            </Card>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
