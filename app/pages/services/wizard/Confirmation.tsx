import { Badge, Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowMerge, IconCircleCheck, IconExternalLink, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { colorsOf, valueColor } from '../../../../engine/format/colors';
import { enumText } from '../../../../engine/i18n';
import { useReadySession } from '../../../auth/session';
import type { ServiceView } from '../shared/serviceApi';

export interface SavedService {
  service: Pick<ServiceView, 'serviceId' | 'number'> & Partial<ServiceView>;
  created: boolean;
}

/** The last step: the service number and whether it was created or merged into an existing service. */
export function Confirmation({ saved, onAnother }: { saved: SavedService; onAnother: () => void }) {
  const { t } = useTranslation();
  const { service, created } = saved;
  const { config } = useReadySession();
  return (
    <Stack align="center" gap="md" py="xl" data-testid="wizard-confirmation">
      <ThemeIcon size={64} radius="xl" variant="light" color={created ? 'teal' : 'blue'}>
        {created ? <IconCircleCheck size={40} stroke={1.5} /> : <IconArrowMerge size={40} stroke={1.5} />}
      </ThemeIcon>
      <Title order={3} ta="center">
        {t(created ? 'serviceWizard.confirmation.created' : 'serviceWizard.confirmation.merged', { number: service.number })}
      </Title>
      <Group gap="xs">
        <Badge size="lg" variant="light" radius="sm" style={{ textTransform: 'none' }} data-testid="wizard-service-number">
          {service.number}
        </Badge>
        {service.type && (
          <Badge size="lg" variant="outline" color="gray" radius="sm" style={{ textTransform: 'none' }}>
            {enumText(t, 'serviceType', service.type)}
          </Badge>
        )}
        {service.serviceStep && (
          <Badge size="lg" variant="light" color={valueColor(service.serviceStep, colorsOf(config.enums.serviceStep))} radius="sm" style={{ textTransform: 'none' }}>
            {enumText(t, 'serviceStep', service.serviceStep)}
          </Badge>
        )}
      </Group>
      <Text c="dimmed" ta="center" maw={560}>
        {t(created ? 'serviceWizard.confirmation.createdHelp' : 'serviceWizard.confirmation.mergedHelp')}
      </Text>
      <Group mt="sm">
        <Button component={Link} to={`/services/${service.serviceId}`} leftSection={<IconExternalLink size={16} />}>
          {t('serviceWizard.confirmation.open')}
        </Button>
        <Button variant="default" leftSection={<IconPlus size={16} />} onClick={onAnother}>
          {t('serviceWizard.confirmation.another')}
        </Button>
      </Group>
    </Stack>
  );
}
