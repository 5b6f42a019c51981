import { Alert, Badge, Button, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconLock, IconMail, IconUsersGroup } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotifyDialog } from './NotifyDialog';
import type { ServiceView } from '../shared/serviceApi';
import type { SchemaText } from './schemaText';
import { SheetMenu } from './SheetMenu';
import { EnumBadge } from './StepBadge';
import type { ServiceSheet } from './useServiceSheet';
import { WorkflowButtons } from './WorkflowButtons';
import { WorkflowButton } from '../../../../engine/workflow/WorkflowButton';

// The assignment popup (and its machine) loads when first opened.
const AssignmentDialog = lazy(() => import('../assignment/AssignmentDialog'));

/** Assignment is the provider's managers' job, shown once the service has dates (spec §6.4); the server says who and enforces it. */
const canAssign = (service: ServiceView) => !!service.startDate && service.rights.assign === true;

/** The service machine's words: its steps, and its events as the history names them. */
const SERVICE_WORKFLOW_WORDS = { stateEnum: 'serviceStep', eventEnum: 'serviceHistoryEvent', fieldTitle: 'service.serviceStep' };

/** Why the sheet is read-only (spec §6.4): forced by the service's state or the caller's roles, or not the owner. */
function readOnlyReason(service: ServiceView): string {
  if (!service.rights.sheet.forced) return 'notOwner';
  if (service.locked) return 'locked';
  if (service.serviceStep === 'TERMINATED' || service.serviceStep === 'CANCELLED') return 'closed';
  return 'noCreateRight';
}

export interface ServiceHeaderProps {
  service: ServiceView;
  sheet: ServiceSheet;
  text: SchemaText;
  onSplitMerge: () => void;
}

/** Number, type, step, level, rights, the cancel request, and what the caller may do now. */
export function ServiceHeader({ service, sheet, text, onSplitMerge }: ServiceHeaderProps) {
  const { t } = useTranslation();
  const writable = service.rights.sheet.right === 'WRITE';
  const [notify, setNotify] = useState(false);
  // "Read only" only when it is the whole truth: the sheet is frozen (closed, locked), or the caller has no
  // workflow action either; a provider that confirms, proposes dates or completes is not read only.
  const readOnly = !writable && (service.rights.sheet.forced || service.actions.length === 0);
  const [assigning, setAssigning] = useState(false);
  const closeAssignment = useCallback(() => setAssigning(false), []);
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Group gap="sm" wrap="wrap">
              <Title order={2} fz={26} data-testid="service-number">
                {service.number}
              </Title>
              <EnumBadge text={text} field="serviceStep" value={service.serviceStep} size="lg" data-testid="service-step" />
              {service.serviceStep && <WorkflowButton machine="service" status={service.serviceStep} events={service.actions} labels={SERVICE_WORKFLOW_WORDS} />}
              {service.serviceLevel && service.serviceLevel !== 'NORMAL' && (
                <EnumBadge text={text} field="serviceLevel" value={service.serviceLevel} color={service.serviceLevel === 'EXPRESS' ? 'red' : 'orange'} size="lg" />
              )}
              {readOnly && (
                <Tooltip label={t(`serviceSheet.readOnly.${readOnlyReason(service)}`)} withArrow multiline w={280}>
                  <Badge variant="outline" color="gray" radius="sm" size="lg" leftSection={<IconLock size={14} />} style={{ textTransform: 'none' }} data-testid="read-only">
                    {t('serviceSheet.readOnly.badge')}
                  </Badge>
                </Tooltip>
              )}
            </Group>
            <Text c="dimmed">
              {text.value('type', service.type)} · {text.value('thirdPartyDepartment', service.thirdPartyDepartment)}
              {service.side && ` · ${t('serviceSheet.mySide', { side: text.value('pendingDateBy', service.side) })}`}
            </Text>
            {readOnly && service.rights.sheet.forced && (
              <Text size="sm" c="dimmed">
                {t(`serviceSheet.readOnly.${readOnlyReason(service)}`)}
              </Text>
            )}
          </Stack>
          <Group gap="xs" wrap="wrap">
            <WorkflowButtons service={service} sheet={sheet} />
            {canAssign(service) && (
              <Button variant="light" leftSection={<IconUsersGroup size={16} />} onClick={() => setAssigning(true)}>
                {t('assignment.open')}
              </Button>
            )}
            <Button variant="default" leftSection={<IconMail size={16} />} onClick={() => setNotify(true)} data-testid="notify-open">
              {t('notify.action')}
            </Button>
            {writable && <SheetMenu service={service} onSplitMerge={onSplitMerge} />}
          </Group>
        </Group>
        {service.cancelRequestDate && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="status" title={t('serviceSheet.cancelRequested.title')}>
            {t('serviceSheet.cancelRequested.text', { date: text.date(service.cancelRequestDate) })}
          </Alert>
        )}
      </Stack>
      {assigning && (
        <Suspense fallback={null}>
          <AssignmentDialog serviceId={service.serviceId} number={service.number} onClose={closeAssignment} onSaved={() => void sheet.reload()} />
        </Suspense>
      )}
      {notify && <NotifyDialog opened={notify} service={service} onClose={() => setNotify(false)} />}
    </Card>
  );
}
