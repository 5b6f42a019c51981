import { PasswordInput, Stack } from '@mantine/core';
import { IconLock, IconLockCheck } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MIN_LENGTH, type PasswordVerdict } from '../../../engine/password/strength';
import { PasswordStrength, PROBLEM_KEYS, usePasswordVerdict } from '../../auth/PasswordStrength';
import type { FieldErrors } from './serverErrors';

export interface NewPassword {
  password: string;
  confirmation: string;
}

/**
 * The browser's mirror of the server's password rules, to answer before a round trip. When the
 * strength meter has not loaded only length and confirmation are checked: the server decides.
 */
export function newPasswordErrors(t: TFunction, value: NewPassword, verdict: PasswordVerdict | null): FieldErrors {
  const errors: FieldErrors = {};
  const problem = verdict?.problems[0] ?? ([...value.password].length < MIN_LENGTH ? 'tooShort' : undefined);
  if (problem) errors.password = t(PROBLEM_KEYS[problem], { min: MIN_LENGTH });
  if (value.confirmation !== value.password) errors.confirmation = t('password.mismatch');
  return errors;
}

/**
 * State of a "new password + confirmation" form: the live verdict, the client checks shown once
 * the user tried to submit, and the server's field messages (each cleared when its field changes).
 */
export function useNewPasswordForm(names: string[]) {
  const { t } = useTranslation();
  const [value, setValue] = useState<NewPassword>({ password: '', confirmation: '' });
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const verdict = usePasswordVerdict(value.password, names);
  const clientErrors = newPasswordErrors(t, value, verdict);
  const errors = { ...(submitted ? clientErrors : {}), ...serverErrors };

  function onChange(next: NewPassword) {
    setServerErrors(({ password, confirmation, ...others }) => ({
      ...others,
      ...(next.password === value.password && password ? { password } : {}),
      ...(next.confirmation === value.confirmation && confirmation ? { confirmation } : {}),
    }));
    setValue(next);
  }

  /** Marks the form submitted; true when the client finds nothing to object. */
  function check(): boolean {
    setSubmitted(true);
    setServerErrors({});
    return Object.keys(clientErrors).length === 0;
  }

  function reset() {
    setValue({ password: '', confirmation: '' });
    setSubmitted(false);
    setServerErrors({});
  }

  return { value, verdict, errors, serverErrors, setServerErrors, check, reset, fields: { value, onChange, verdict, errors } };
}

interface NewPasswordFieldsProps {
  value: NewPassword;
  onChange(value: NewPassword): void;
  verdict: PasswordVerdict | null;
  /** Client and server messages, by field. */
  errors: FieldErrors;
}

/** New password with its strength meter, then its confirmation (reset page and "my account"). */
export function NewPasswordFields({ value, onChange, verdict, errors }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const toggle = { 'aria-label': t('login.togglePassword') };
  // The meter already lists what is wrong: the field then only turns red rather than saying it twice.
  const hints = (verdict?.problems ?? []).map((problem) => t(PROBLEM_KEYS[problem], { min: MIN_LENGTH }).toLowerCase());
  const passwordError = errors.password && hints.includes(errors.password.toLowerCase()) ? true : errors.password;
  return (
    <Stack gap="md">
      <Stack gap={8}>
        <PasswordInput
          label={t('password.new')}
          name="password"
          autoComplete="new-password"
          leftSection={<IconLock size={16} />}
          visibilityToggleButtonProps={toggle}
          value={value.password}
          onChange={(event) => onChange({ ...value, password: event.currentTarget.value })}
          error={passwordError}
          required
        />
        <PasswordStrength password={value.password} verdict={verdict} />
      </Stack>
      <PasswordInput
        label={t('password.confirmation')}
        name="confirmation"
        autoComplete="new-password"
        leftSection={<IconLockCheck size={16} />}
        visibilityToggleButtonProps={toggle}
        value={value.confirmation}
        onChange={(event) => onChange({ ...value, confirmation: event.currentTarget.value })}
        error={errors.confirmation}
        required
      />
    </Stack>
  );
}
