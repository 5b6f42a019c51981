import { Group, List, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadPasswordChecker, MIN_LENGTH, type PasswordChecker, type PasswordProblem, type PasswordVerdict } from '../../engine/password/strength';

const LOOK: Record<PasswordVerdict['strength'], { color: string; value: number }> = {
  weak: { color: 'red', value: 25 },
  fair: { color: 'orange', value: 60 },
  good: { color: 'green', value: 100 },
};

/** The hint shown for each rule the password breaks (the server's rules, mirrored). */
export const PROBLEM_KEYS: Record<PasswordProblem, string> = {
  tooShort: 'password.problem.tooShort',
  containsName: 'password.problem.containsName',
  tooWeak: 'password.problem.tooWeak',
};

/**
 * The verdict on a password as it is typed: null while zxcvbn loads (its own chunk, fetched
 * the first time a password form opens) or when it could not load — the server decides anyway.
 */
export function usePasswordVerdict(password: string, names: string[]): PasswordVerdict | null {
  const [checker, setChecker] = useState<PasswordChecker | null>(null);
  useEffect(() => {
    let live = true;
    loadPasswordChecker().then(
      (loaded) => live && setChecker(() => loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!checker || !password) return null;
  return checker(password, names);
}

/** Spec §5.2 strength meter: a red / orange / green bar, its level, and what to improve. */
export function PasswordStrength({ password, verdict }: { password: string; verdict: PasswordVerdict | null }) {
  const { t } = useTranslation();
  const look = verdict ? LOOK[verdict.strength] : undefined;
  const label = verdict ? t(`password.strength.${verdict.strength}`) : '';
  return (
    <Stack gap={6} data-testid="password-strength" data-strength={verdict?.strength ?? ''}>
      <Progress
        value={look?.value ?? 0}
        color={look?.color ?? 'gray'}
        size="sm"
        radius="xl"
        aria-label={t('password.strength.label')}
        transitionDuration={200}
      />
      {password ? (
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {t('password.strength.label')}
          </Text>
          {/* The level in the text colour: the bar shows its colour, and orange text reads at 3.6:1 only (WCAG 1.4.3). */}
          <Text size="xs" fw={600} aria-live="polite">
            {label}
          </Text>
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          {t('password.strength.hint', { min: MIN_LENGTH })}
        </Text>
      )}
      {verdict && verdict.problems.length > 0 && (
        <List size="xs" spacing={2} c="red.8" icon={<IconAlertTriangle size={13} style={{ marginTop: 2 }} />} data-testid="password-problems">
          {verdict.problems.map((problem) => (
            <List.Item key={problem}>{t(PROBLEM_KEYS[problem], { min: MIN_LENGTH })}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
