import { Button, Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AppConfig, ScreenConfig } from '../config';
import { titleText } from '../i18n';
import { ConfiguredPanels } from '../record/ConfiguredPanels';
import { fillRoute, idParamOf } from '../search/routeParams';

type Row = Record<string, unknown>;

interface WizardResultProps {
  screen: ScreenConfig;
  config: AppConfig;
  /** What the save answered (the record created, or the answer of the `save` call). */
  created: Row;
  userRoles: readonly string[];
  /** Starts the wizard again from its first step. */
  restart: () => void;
}

/**
 * After the save: the `save.result` panel on the call's answer (its `onReload` starts again), else the
 * record's number, a link to its record page and a way to start again.
 */
export function WizardResult({ screen, config, created, userRoles, restart }: WizardResultProps) {
  const { t } = useTranslation();
  const result = screen.save?.result;
  if (result) {
    return <ConfiguredPanels panels={[result]} screen={screen} config={config} record={created} saved={created} userRoles={userRoles} onReload={restart} />;
  }
  const entity = config.entities[screen.entity ?? ''];
  const page = config.screens.find((item) => item.type === 'record' && item.entity === screen.entity);
  const path =
    page &&
    fillRoute(page.route, {
      [idParamOf(page.route)]: String(created[entity['x-id']]),
    });
  const number = created[(entity['x-number'] as { field?: string } | undefined)?.field ?? entity['x-id']];
  return (
    <Card withBorder radius="md" padding="xl" data-testid="wizard-result">
      <Group gap="md">
        <ThemeIcon size={48} radius="xl" color="teal" variant="light">
          <IconCheck size={26} />
        </ThemeIcon>
        <div>
          <Title order={3}>
            {t('engine.wizard.created', {
              entity: titleText(t, entity.title as string | undefined),
              number: String(number ?? ''),
            })}
          </Title>
          <Text c="dimmed">{t('engine.wizard.createdHint')}</Text>
        </div>
      </Group>
      <Group mt="lg" gap="xs">
        {path && (
          <Button component={Link} to={path}>
            {t('engine.wizard.open')}
          </Button>
        )}
        <Button variant="default" onClick={restart}>
          {t('engine.wizard.again')}
        </Button>
      </Group>
    </Card>
  );
}
