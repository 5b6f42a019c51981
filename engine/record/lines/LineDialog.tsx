import { Alert, Button, Group, Modal } from '@mantine/core';
import type Form from '@rjsf/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaForm } from '../../form/SchemaForm';
import type { UiSchema } from '../../form/uiSchema';
import { titleText } from '../../i18n';
import { computedOf } from '../../schema/computed';
import { propertiesOf, schemaOfFields } from '../../schema/fields';
import type { JsonSchema } from '../../schema/resolve';
import { filledFirst } from './requiredFirst';

type Row = Record<string, unknown>;

export interface LineDialogProps {
  /** The line being edited (a new one is `{}` plus defaults); null when closed. */
  line: Row | null;
  itemSchema: JsonSchema;
  uiSchema?: UiSchema;
  requiredFirst: string[];
  title: string;
  onSave: (line: Row) => void;
  onClose: () => void;
}

/**
 * The line's form without what the server fills (the line id, read-only and computed fields) — but
 * a read-only field the dialog's uiSchema shows (`"ui:readonly": true`, e.g. the line's label) stays, read-only.
 */
function editableSchema(itemSchema: JsonSchema, uiSchema: UiSchema | undefined): JsonSchema {
  const computed = Object.keys(computedOf(itemSchema));
  const shownReadOnly = (name: string) => (uiSchema?.[name] as Record<string, unknown> | undefined)?.['ui:readonly'] === true;
  const fields = Object.entries(propertiesOf(itemSchema)).filter(([name, prop]) => (!prop.readOnly || shownReadOnly(name)) && !computed.includes(name) && name !== itemSchema['x-id']);
  return schemaOfFields(itemSchema, fields.map(([name]) => name));
}

/**
 * One line in a dialog, for the fields a cell cannot edit (lists, lookups). With `requiredFirst`,
 * the other fields stay disabled until those are filled (spec: an expense needs its contributor
 * and date first).
 */
export function LineDialog({ line, itemSchema, uiSchema, requiredFirst, title, onSave, onClose }: LineDialogProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => editableSchema(itemSchema, uiSchema), [itemSchema, uiSchema]);
  const [data, setData] = useState<Row>({});
  const formRef = useRef<Form>(null);
  // The form edits the line's own fields; ids and computed values stay on the line as they are.
  useEffect(() => {
    if (line) setData(Object.fromEntries(Object.entries(line).filter(([name]) => name in propertiesOf(schema))));
  }, [line, schema]);
  const ready = filledFirst(data, requiredFirst);
  const ui = useMemo(() => {
    if (ready) return uiSchema;
    const locked = Object.keys(propertiesOf(schema)).filter((name) => !requiredFirst.includes(name));
    return { ...uiSchema, ...Object.fromEntries(locked.map((name) => [name, { ...(uiSchema?.[name] ?? {}), 'ui:disabled': true }])) };
  }, [ready, uiSchema, schema, requiredFirst]);
  const firstNames = requiredFirst.map((name) => titleText(t, propertiesOf(schema)[name]?.title, name)).join(', ');

  return (
    <Modal opened={line !== null} onClose={onClose} title={title} size="xl" centered>
      {!ready && (
        <Alert variant="light" color="blue" mb="sm">
          {t('engine.lines.fillFirst', { fields: firstNames })}
        </Alert>
      )}
      <SchemaForm schema={schema} uiSchema={ui} formData={data} onChange={setData} onSubmit={(edited) => onSave({ ...line, ...edited })} mode="edit" formRef={formRef} idPrefix="line" />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('engine.action.cancel')}
        </Button>
        <Button onClick={() => formRef.current?.submit()}>{t('engine.lines.keep')}</Button>
      </Group>
    </Modal>
  );
}
