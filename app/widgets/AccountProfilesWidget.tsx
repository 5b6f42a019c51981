import { Checkbox, Input, SimpleGrid, Text } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { enumText } from '../../engine/i18n';
import { enumOf } from '../../engine/schema/fields';
import { lockedProfiles, toggleProfile } from './accountProfilesChoice';

/**
 * The account profiles of a contact as a group of checkboxes (spec §5.5): ticking owner adds
 * manager; with the administrator profile ticked, manager and local manager are off and locked.
 */
export function AccountProfilesWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const { id, schema, label, hideLabel, required, readonly, disabled, rawErrors, onChange } = props;
  const enumeration = enumOf(schema);
  const value: string[] = Array.isArray(props.value) ? props.value.map(String) : [];
  const locked = lockedProfiles(value);
  const inactive = !!readonly || !!disabled;
  return (
    <Input.Wrapper
      id={id}
      label={hideLabel ? undefined : label}
      required={required && !readonly}
      error={rawErrors?.length ? rawErrors.join(' · ') : undefined}
      description={locked.length > 0 ? t('widget.accountProfiles.covered') : undefined}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    >
      <SimpleGrid role="group" aria-label={label} cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" verticalSpacing={8} mt={6} mb={locked.length ? 6 : 0}>
        {(enumeration?.values ?? []).map((profile) => (
          <Checkbox
            key={profile}
            id={`${id}-${profile}`}
            value={profile}
            label={enumText(t, enumeration?.name, profile)}
            checked={value.includes(profile)}
            disabled={inactive || locked.includes(profile)}
            onChange={(event) => onChange(toggleProfile(value, profile, event.currentTarget.checked))}
          />
        ))}
      </SimpleGrid>
      {value.length === 0 && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('widget.accountProfiles.none')}
        </Text>
      )}
    </Input.Wrapper>
  );
}
