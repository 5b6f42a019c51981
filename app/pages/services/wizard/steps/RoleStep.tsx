import { Checkbox, Group, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconBuildingFactory2, IconClipboardCheck, IconUserStar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { enumText } from '../../../../../engine/i18n';
import type { ServiceSide } from '../../../../../machines/service';
import { rolePickerOptions } from '../../../../../machines/serviceRoles';
import { withCallerSlots } from '../../../../../machines/serviceWizard';
import { useFieldError } from '../fields';
import type { StepProps } from '../stepPanel';

const ICONS: Record<ServiceSide, typeof IconUserStar> = {
  DECISION_MAKER: IconUserStar,
  ORDER_TAKER: IconBuildingFactory2,
  SERVICE_PROVIDER: IconClipboardCheck,
};

/** Why a side cannot be picked now (the picker rule of machines/serviceRoles.ts decides that it cannot). */
function disabledReason(side: ServiceSide, selected: readonly ServiceSide[]): string {
  if (side === 'SERVICE_PROVIDER') return 'serviceWizard.role.providerNotAllowed';
  return selected.includes('SERVICE_PROVIDER') ? 'serviceWizard.role.disabledByProvider' : 'serviceWizard.role.notHeld';
}

/** Step 1: on which side(s) the caller's company orders the service (spec §6.4 role picker); the caller's company fills the slots of its sides. */
export function RoleStep({ draft, edit, errors, user }: StepProps) {
  const { t } = useTranslation();
  const { roles } = draft;
  const error = useFieldError(errors)('/roles');
  const onChange = (next: ServiceSide[]) => edit((d) => ({ ...d, roles: next, service: withCallerSlots(d.service, next, user) }));
  const options = rolePickerOptions({ ...user, selected: roles });
  const toggle = (side: ServiceSide, checked: boolean) => {
    if (!checked) return onChange(roles.filter((role) => role !== side));
    // The provider acts alone: choosing it drops the other sides (the picker then disables them).
    onChange(side === 'SERVICE_PROVIDER' ? [side] : [...roles.filter((role) => role !== 'SERVICE_PROVIDER'), side]);
  };
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('serviceWizard.role.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" role="group" aria-label={t('serviceWizard.step.ROLE')}>
        {options.map(({ side, enabled }) => {
          const Icon = ICONS[side];
          const checked = roles.includes(side);
          const card = (
            <Checkbox.Card
              checked={checked}
              onClick={() => enabled && toggle(side, !checked)}
              disabled={!enabled}
              radius="md"
              p="md"
              style={{ opacity: enabled ? 1 : 0.55, cursor: enabled ? 'pointer' : 'not-allowed', height: '100%' }}
              data-side={side}
            >
              <Group wrap="nowrap" align="flex-start">
                <Checkbox.Indicator disabled={!enabled} />
                <div>
                  <Group gap={6} wrap="nowrap">
                    <Icon size={18} stroke={1.5} aria-hidden />
                    <Text fw={600}>{enumText(t, 'serviceSide', side)}</Text>
                  </Group>
                  <Text size="sm" c="dimmed" mt={4}>
                    {t(`serviceWizard.role.help.${side}`)}
                  </Text>
                </div>
              </Group>
            </Checkbox.Card>
          );
          return enabled ? (
            <div key={side}>{card}</div>
          ) : (
            <Tooltip key={side} label={t(disabledReason(side, roles))} multiline w={280} withArrow>
              <div>{card}</div>
            </Tooltip>
          );
        })}
      </SimpleGrid>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
