import { Alert, Button, Loader, Modal } from '@mantine/core';
import { IconTopologyStar3 } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadWorkflowCharts, type WorkflowChart } from './charts';
import { WorkflowPanel, type WorkflowLabels } from './WorkflowPanel';

export interface WorkflowButtonProps {
  machine: string;
  /** The record's status: highlighted in the diagram. */
  status: string;
  /** The events the record can take now (the machine's and the caller's). */
  events: string[];
  entityTitle?: string;
  /** Where the states and events find their words (the status field's enum, ...). */
  labels?: WorkflowLabels;
}

/** "Workflow" on a record: its machine's diagram in a dialog, the record's state highlighted. */
export function WorkflowButton({ machine, status, events, entityTitle, labels }: WorkflowButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [chart, setChart] = useState<WorkflowChart | null | undefined>(undefined);

  useEffect(() => {
    if (!open || chart !== undefined) return;
    loadWorkflowCharts().then(
      (charts) => setChart(charts.find((item) => item.id === machine) ?? null),
      () => setChart(null),
    );
  }, [open, chart, machine]);

  return (
    <>
      <Button size="compact-sm" variant="subtle" leftSection={<IconTopologyStar3 size={14} />} onClick={() => setOpen(true)} style={{ flexShrink: 0 }}>
        {t('engine.workflow.button')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('engine.workflow.title', { machine })} size={1000}>
        {chart === undefined && <Loader size="sm" />}
        {chart === null && <Alert color="red">{t('engine.workflow.failed')}</Alert>}
        {chart && <WorkflowPanel chart={chart} current={status} events={events} entityTitle={entityTitle} labels={labels} />}
      </Modal>
    </>
  );
}
