import { Button, Group, Loader, type ButtonProps } from '@mantine/core';
import type Form from '@rjsf/core';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LazySchemaForm } from './LazySchemaForm';
import type { SchemaFormProps } from './SchemaForm';

export interface FormDialogBodyProps extends Omit<SchemaFormProps, 'formRef' | 'mode'> {
  /** False while what the form needs is loading: a loader instead of the form, and no send. */
  ready: boolean;
  onCancel: () => void;
  submitLabel: ReactNode;
  sending: boolean;
  /** The send button's own look (colour, icon, test id). */
  submitProps?: ButtonProps & Record<`data-${string}`, string>;
}

/** A dialog's form with Cancel and its send button (which submits it, so the form validates first). */
export function FormDialogBody({ ready, onCancel, submitLabel, sending, submitProps, ...form }: FormDialogBodyProps) {
  const { t } = useTranslation();
  const formRef = useRef<Form>(null);
  return (
    <>
      {ready ? (
        <LazySchemaForm {...form} mode="edit" formRef={formRef} />
      ) : (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('engine.action.cancel')}
        </Button>
        <Button {...submitProps} loading={sending} disabled={!ready} onClick={() => formRef.current?.submit()}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
