import { Alert, Button, Card, Group, Skeleton, Stack } from '@mantine/core';
import type Form from '@rjsf/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ApiError, api, reportApiError } from '../api';
import type { AppConfig, ScreenConfig } from '../config';
import { SchemaForm } from '../form/SchemaForm';
import type { FieldError } from '../form/validation';
import { notify } from '../notify';
import { HeaderAlerts } from '../record/header/HeaderAlerts';
import { pickFields, propertiesOf, schemaOfFields } from '../schema/fields';
import { fillRoute } from '../search/routeParams';
import { PageHeader } from '../ui/PageHeader';

type Row = Record<string, unknown>;

export interface SettingsScreenProps {
  screen: ScreenConfig;
  config: AppConfig;
}

/**
 * Screen type `settings`: one settings object of the `entity` schema, read with `GET url` and
 * saved with `PUT url`, as a form laid out by the
 * `ui` file. Its fields are the schema's non-readOnly ones (the form holds no other key); the answer's `version` goes
 * back with the save. A 404 shows that the object is not the caller's to see. `url` is a path with
 * the route's `:name` parameters (`/back/bo/widgets/:widgetId/settings`). `header.alerts` are banners
 * over the form while their condition on the settings holds (a dangerous page's warning).
 */
export function SettingsScreen({ screen, config }: SettingsScreenProps) {
  const { t } = useTranslation();
  const params = useParams();
  const url = fillRoute(screen.url ?? '', params);
  const entity = config.entities[screen.entity ?? ''];
  const fields = useMemo(() => Object.entries(propertiesOf(entity)).filter(([, property]) => !property.readOnly).map(([name]) => name), [entity]);
  const schema = useMemo(() => schemaOfFields(entity, fields), [entity, fields]);
  const [data, setData] = useState<Row | null>(null);
  const [version, setVersion] = useState<number | undefined>();
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const formRef = useRef<Form>(null);

  useEffect(() => {
    if (!url) return setMissing(true);
    let live = true;
    api
      .get<Row>(url, { quiet: true })
      .then((answer) => {
        if (!live) return;
        setData(pickFields(answer, fields));
        setVersion(typeof answer.version === 'number' ? answer.version : undefined);
      })
      .catch(() => live && setMissing(true));
    return () => {
      live = false;
    };
  }, [url, fields]);

  const save = async (formData: Row) => {
    setBusy(true);
    try {
      const saved = await api.put<Row>(url!, { ...pickFields(formData, fields), ...(version !== undefined ? { version } : {}) }, { quiet: true });
      setData(pickFields(saved, fields));
      setVersion(typeof saved.version === 'number' ? saved.version : undefined);
      setErrors([]);
      notify({ level: 'success', message: t('engine.settings.saved') });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // The fields a 400 names show their message; the notice says what happened.
      if (error.status === 400) setErrors(error.body?.errors ?? []);
      reportApiError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" maw={900}>
      <PageHeader screen={screen} config={config} />
      {data && screen.header?.alerts && <HeaderAlerts alerts={screen.header.alerts} entity={entity} record={data} />}
      {missing ? (
        <Alert color="yellow" variant="light">
          {t('engine.record.notFound')}
        </Alert>
      ) : data ? (
        <Card withBorder radius="lg" padding="lg" data-testid="settings-form">
          <SchemaForm
            schema={schema}
            uiSchema={screen.ui ? config.ui[screen.ui] : undefined}
            formData={data}
            onChange={setData}
            onSubmit={(formData) => void save(formData)}
            mode="edit"
            serverErrors={errors}
            disabled={busy}
            formRef={formRef}
            idPrefix="settings"
          />
          <Group justify="flex-end" mt="md">
            <Button leftSection={<IconDeviceFloppy size={16} />} loading={busy} onClick={() => formRef.current?.submit()} data-testid="settings-save">
              {t('engine.action.save')}
            </Button>
          </Group>
        </Card>
      ) : (
        <Skeleton h={160} radius="lg" />
      )}
    </Stack>
  );
}
