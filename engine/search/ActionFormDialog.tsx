import { Modal, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError, reportApiError, request } from '../api';
import type { AppConfig, RowActionConfig } from '../config';
import { FormDialogBody } from '../form/FormDialogBody';
import type { FieldError } from '../form/validation';
import { cellText, type FormatContext } from '../format/values';
import { knownLabel } from '../lookup/cache';
import { notify } from '../notify';
import { propertiesOf } from '../schema/fields';
import { actionFormSchema, choiceQuery, initialValues, onChoiceField, type ActionChoice } from './actionForm';
import { actionBody, actionUrl } from './rowActions';
import { useReturnFocus } from '../ui/useReturnFocus';

type Row = Record<string, unknown>;

export interface ActionFormDialogProps {
  /** An action with a `form`. */
  action: RowActionConfig;
  /** The row (or record) acted on: its fields fill the templates. */
  row: Row;
  config: AppConfig;
  /** The call succeeded (the dialog closes). */
  onDone: () => void;
  onClose: () => void;
}

/**
 * The form of an action (docs/schemas.md "Action forms"): the fields the configuration names, opened
 * with values from the row once the options of its choice fields are read; the values go with the
 * call as its body. A refusal naming the form's fields shows on them and the dialog stays.
 */
export function ActionFormDialog({ action, row, config, onDone, onClose }: ActionFormDialogProps) {
  const { t, i18n } = useTranslation();
  useReturnFocus();
  const form = action.form!;
  const schema = useMemo(() => actionFormSchema(form, config.entities[form.entity ?? '']), [form, config.entities]);
  const [choices, setChoices] = useState<Record<string, ActionChoice[]> | null>(null);
  const [data, setData] = useState<Row>({});
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [sending, setSending] = useState(false);

  // The options first: the values the form opens with keep only those that may be chosen.
  useEffect(() => {
    let live = true;
    const calls = Object.entries(form.choices ?? {}).map(async ([field, call]) => {
      const url = actionUrl(call.url, row);
      const found = url ? await api.get<ActionChoice[]>(url, { query: choiceQuery(call.query, row), quiet: true }).catch(() => []) : [];
      return [field, found] as const;
    });
    void Promise.all(calls).then((found) => {
      if (!live) return;
      const byField = Object.fromEntries(found);
      setChoices(byField);
      setData(initialValues(form, row, byField));
    });
    return () => {
      live = false;
    };
  }, [form, row]);

  const ui = useMemo(() => {
    const base = (config.ui[form.ui ?? ''] ?? {}) as Row;
    const offered = Object.entries(choices ?? {}).map(([field, items]) => {
      const given = (base[field] ?? {}) as Row;
      return [field, { 'ui:widget': 'choices', ...given, 'ui:options': { ...(given['ui:options'] as Row), choices: items } }];
    });
    return { ...base, ...Object.fromEntries(offered) };
  }, [config.ui, form.ui, choices]);

  const send = async (values: Row) => {
    const url = action.url ? actionUrl(action.url, row) : null;
    if (!url) return;
    setSending(true);
    setServerErrors([]);
    try {
      await request(action.method ?? 'POST', url, { body: { ...actionBody(action.body, row), ...values }, quiet: true });
      const ctx: FormatContext = { t, locale: i18n.language, lookupLabel: knownLabel };
      const props = propertiesOf(schema);
      const shown: Row = Object.fromEntries(Object.entries(form.successValues ?? {}).map(([key, field]) => [key, cellText({ field, schema: props[field] }, values, ctx)]));
      if (action.success) notify({ level: 'success', message: String(t(action.success, { ...row, ...shown })) });
      onDone();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const errors = (error.body?.errors ?? []).filter((item) => item.path);
      const onForm = errors.length > 0 && errors.every((item) => Object.hasOwn(propertiesOf(schema), item.path.split('/')[1] ?? ''));
      if ((error.status === 400 || error.status === 422) && onForm) setServerErrors(errors.map((item) => onChoiceField(item, values, choices ?? {})));
      else reportApiError(error);
    } finally {
      setSending(false);
    }
  };

  const label = t(form.submit ?? action.label, { ...row });
  return (
    <Modal opened onClose={onClose} title={<Text fw={600}>{t(form.title ?? action.label, { ...row })}</Text>} size="lg" centered>
      <Stack gap="md">
        {form.notice && (
          <Text size="sm" c="dimmed">
            {t(form.notice, { ...row })}
          </Text>
        )}
        <FormDialogBody
          ready={Boolean(choices)}
          schema={schema}
          uiSchema={ui}
          formData={data}
          onChange={setData}
          onSubmit={(values) => void send(values)}
          serverErrors={serverErrors}
          idPrefix="action"
          onCancel={onClose}
          sending={sending}
          submitLabel={label}
          submitProps={{ color: action.danger ? 'red' : undefined }}
        />
      </Stack>
    </Modal>
  );
}
