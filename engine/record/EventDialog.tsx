import { Button, Group, Modal } from '@mantine/core';
import type Form from '@rjsf/core';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazySchemaForm } from '../form/LazySchemaForm';
import { actionText } from '../i18n';
import { propertiesOf } from '../schema/fields';
import type { JsonSchema } from '../schema/resolve';
import type { EventRule } from '../schema/events';

type Row = Record<string, unknown>;

export interface EventDialogProps {
  machine: string;
  /** The event asking for input; null when closed. */
  event: string | null;
  rule: EventRule | undefined;
  entity: JsonSchema;
  pending: boolean;
  /** Resolves true when the server took the event (the dialog then closes). */
  onConfirm: (input: Row) => Promise<boolean>;
  onClose: () => void;
}

/** The input a workflow event asks for (`x-events.<EVENT>.input`, e.g. the comment of TOFIX), as a small form. */
export function EventDialog({ machine, event, rule, entity, pending, onConfirm, onClose }: EventDialogProps) {
  const { t } = useTranslation();
  const [data, setData] = useState<Row>({});
  const formRef = useRef<Form>(null);
  const schema = useMemo<JsonSchema>(() => {
    const props = propertiesOf(entity);
    const input = rule?.input ?? [];
    return { type: 'object', properties: Object.fromEntries(input.map((field) => [field, { ...props[field], readOnly: false }])), required: rule?.required ?? [] };
  }, [entity, rule]);
  const ui = useMemo(() => Object.fromEntries((rule?.input ?? []).map((field) => [field, { 'ui:autofocus': true, 'ui:options': { span: 12 } }])), [rule]);
  const close = () => {
    setData({});
    onClose();
  };
  const submit = async (input: Row) => {
    if (await onConfirm(input)) close();
  };
  const label = event ? actionText(t, machine, event) : '';

  return (
    <Modal opened={event !== null} onClose={close} title={label} size="lg" centered>
      <LazySchemaForm schema={schema} uiSchema={ui} formData={data} onChange={setData} onSubmit={(input) => void submit(input)} mode="edit" formRef={formRef} idPrefix="event" />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={close}>
          {t('engine.action.cancel')}
        </Button>
        <Button loading={pending} onClick={() => formRef.current?.submit()}>
          {label}
        </Button>
      </Group>
    </Modal>
  );
}
