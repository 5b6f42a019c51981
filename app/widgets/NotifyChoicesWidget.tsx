import { Group, MultiSelect, Text } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { IconBellOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { baseInputProps } from '../../engine/form/widgets/common';

/** One choice of the notification form: a contact (GET /back/bo/notify/services/{id}/emails) or a file of the service. */
export interface NotifyChoice {
  value: number;
  label: string;
  /** Takes no notification e-mails (its own setting or its company's), and is not the caller: shown, not choosable. */
  disabled: boolean;
}

/**
 * The recipients of a notification (spec §5), or its attachments: the items of `ui:options.choices`;
 * contacts who take no notification e-mails come disabled (greyed out, not choosable), except the
 * caller's own. `ui:options.empty` is the key of the text when there is nothing to choose.
 */
export function NotifyChoicesWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const choices = (props.options.choices ?? []) as NotifyChoice[];
  const selected: number[] = Array.isArray(props.value) ? props.value : [];
  const data = choices.map((choice) => ({ value: String(choice.value), label: choice.label, disabled: choice.disabled }));
  const missing = selected.filter((id) => !choices.some((choice) => choice.value === id)).map((id) => ({ value: String(id), label: `#${id}`, disabled: false }));
  return (
    <MultiSelect
      {...baseInputProps(props)}
      placeholder={selected.length ? undefined : baseInputProps(props).placeholder}
      data={[...data, ...missing]}
      value={selected.map(String)}
      onChange={(next) => props.onChange(next.map(Number))}
      searchable
      clearable
      hidePickedOptions
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
      nothingFoundMessage={t(String(props.options.empty ?? 'notify.noContact'))}
      renderOption={({ option }) => (
        <Group gap={6} wrap="nowrap" justify="space-between" w="100%">
          <Text size="sm" c={option.disabled ? 'dimmed' : undefined}>
            {option.label}
          </Text>
          {option.disabled && (
            <Group gap={4} wrap="nowrap" c="dimmed">
              <IconBellOff size={14} />
              <Text size="xs">{t('notify.noMail')}</Text>
            </Group>
          )}
        </Group>
      )}
    />
  );
}
