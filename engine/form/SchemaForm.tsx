import { DatesProvider } from '@mantine/dates';
import type Form from '@rjsf/core';
import { withTheme } from '@rjsf/core';
import { Theme } from '@rjsf/mantine';
import { englishStringTranslator, TranslatableString, type ErrorSchema, type RegistryWidgetsType } from '@rjsf/utils';
import 'dayjs/locale/fr';
import 'dayjs/locale/it';
import { useCallback, useMemo, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { withoutDescriptions } from '../schema/fields';
import type { JsonSchema } from '../schema/resolve';
import type { EngineFormContext } from './context';
import { ArrayFieldItemTemplate, ArrayFieldTemplate } from './templates/ArrayFieldTemplate';
import { ObjectFieldTemplate } from './templates/ObjectFieldTemplate';
import { buildUiSchema, type FormMode, type UiSchema } from './uiSchema';
import { localizeErrors, serverErrorSchema, validator, type FieldError } from './validation';
import { CardsWidget, ChecksWidget, ChoicesWidget } from './widgets/ChoiceWidgets';
import { ColorWidget } from './widgets/ColorWidget';
import { DateTimeWidget, DateWidget, YearMonthWidget } from './widgets/DateWidget';
import { EnumSelectWidget } from './widgets/EnumSelectWidget';
import { LookupWidget } from './widgets/LookupWidget';
import { MoneyWidget } from './widgets/MoneyWidget';
import { TagsWidget } from './widgets/TagsWidget';
import { CheckboxWidget, SwitchWidget, TextareaWidget, TextWidget } from './widgets/TextWidgets';
import { withRegisteredWidgets } from './widgetRegistry';
import { DEFAULTS_BEHAVIOR } from '../sheet/defaults';

const ThemedForm = withTheme(Theme);

const engineWidgets: RegistryWidgetsType = {
  TextWidget,
  date: DateWidget,
  yearMonth: YearMonthWidget,
  dateTime: DateTimeWidget,
  enumSelect: EnumSelectWidget,
  lookup: LookupWidget,
  tags: TagsWidget,
  money: MoneyWidget,
  textarea: TextareaWidget,
  TextareaWidget,
  checkbox: CheckboxWidget,
  CheckboxWidget,
  switch: SwitchWidget,
  choices: ChoicesWidget,
  cards: CardsWidget,
  checks: ChecksWidget,
  color: ColorWidget,
};

// Each widget shows its field's errors (Mantine's `error`); the theme's hidden copy of them is left out.
const templates = { ObjectFieldTemplate, ArrayFieldTemplate, ArrayFieldItemTemplate, FieldErrorTemplate: () => null };

/** The few RJSF strings our templates still use. */
const rjsfKeys: Partial<Record<TranslatableString, string>> = {
  [TranslatableString.AddItemButton]: 'engine.form.addItem',
  [TranslatableString.RemoveButton]: 'engine.form.remove',
  [TranslatableString.ClearButton]: 'engine.form.clear',
  [TranslatableString.MoveUpButton]: 'engine.form.moveUp',
  [TranslatableString.MoveDownButton]: 'engine.form.moveDown',
  [TranslatableString.CopyButton]: 'engine.form.copy',
  [TranslatableString.EmptyArray]: 'engine.form.noItems',
};

export type SchemaFormHandle = Form;

export interface SchemaFormProps {
  schema: JsonSchema;
  /** The screen's ui file (schemas/ui), completed by the engine. */
  uiSchema?: UiSchema;
  formData: Record<string, unknown>;
  onChange: (formData: Record<string, unknown>) => void;
  /** Called with valid data after `formRef.current.submit()`. */
  onSubmit?: (formData: Record<string, unknown>) => void;
  mode: FormMode;
  /** Field errors of a 400 answer. */
  serverErrors?: FieldError[];
  disabled?: boolean;
  /** Every field shown but not editable (read-only records). */
  readOnly?: boolean;
  /** The caller's permission flags (fields with `x-writeRoles` none of them allows are disabled). */
  roles?: readonly string[];
  formRef?: Ref<Form>;
  idPrefix?: string;
}

/**
 * An RJSF form of a resolved schema with the Mantine theme, the engine's widgets and layout,
 * the shared validation rules and localized messages. It has no buttons: screens put Save,
 * Apply… where they belong and call `formRef.current.submit()`.
 */
export function SchemaForm(props: SchemaFormProps) {
  const { t, i18n } = useTranslation();
  const { schema, formData, onChange, mode } = props;
  const [liveValidate, setLiveValidate] = useState(false);
  const dataRef = useRef(formData);
  dataRef.current = formData;

  const formSchema = useMemo(() => withoutDescriptions(schema), [schema]);
  // `t` is a new function in each language, so the labels follow a language change.
  const uiSchema = useMemo(() => buildUiSchema(schema, props.uiSchema, { t, mode, roles: props.roles }), [schema, props.uiSchema, t, mode, props.roles]);
  const extraErrors = useMemo(() => (props.serverErrors?.length ? serverErrorSchema(props.serverErrors, t) : undefined), [props.serverErrors, t]);
  const transformErrors = useMemo(() => localizeErrors(t), [t]);
  // Read when the form mounts: the app registers its widgets before the first form shows.
  const widgets = useMemo(() => withRegisteredWidgets(engineWidgets), []);
  const translateString = useCallback(
    (key: TranslatableString, params?: string[]) => {
      const i18nKey = rjsfKeys[key];
      return i18nKey ? t(i18nKey) : englishStringTranslator(key, params);
    },
    [t],
  );

  const setField = useCallback((field: string, value: unknown) => onChange({ ...dataRef.current, [field]: value }), [onChange]);
  const formContext: EngineFormContext = useMemo(() => ({ rootSchema: schema, formData, setField, readOnly: props.readOnly }), [schema, formData, setField, props.readOnly]);

  return (
    <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
      <ThemedForm
        ref={props.formRef}
        idPrefix={props.idPrefix}
        schema={formSchema}
        uiSchema={uiSchema}
        formData={formData}
        formContext={formContext}
        validator={validator}
        widgets={widgets}
        templates={templates}
        translateString={translateString}
        transformErrors={transformErrors}
        extraErrors={extraErrors as ErrorSchema | undefined}
        extraErrorsBlockSubmit={false}
        noHtml5Validate
        experimental_defaultFormStateBehavior={DEFAULTS_BEHAVIOR}
        showErrorList={false}
        focusOnFirstError
        liveValidate={liveValidate}
        disabled={props.disabled}
        readonly={props.readOnly}
        onChange={(event) => onChange((event.formData ?? {}) as Record<string, unknown>)}
        onError={() => setLiveValidate(true)}
        onSubmit={(event) => props.onSubmit?.((event.formData ?? {}) as Record<string, unknown>)}
      >
        <></>
      </ThemedForm>
    </DatesProvider>
  );
}
