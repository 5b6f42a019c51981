import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Shown while the session or a lazy chunk loads (`aria-busy`: assistive technologies and the tests wait for the page).
 * It is the whole page then, outside any layout: its main landmark (a page has one, axe's landmark-one-main).
 */
export function FullPageLoader({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Center component="main" h="100vh" w="100%" aria-busy>
      <Stack align="center" gap="md" role="status" aria-live="polite">
        <img src="/logo.svg" alt="" width={48} height={48} />
        <Loader size="sm" type="dots" />
        <Text size="sm" c="dimmed">
          {label ?? t('common.loading')}
        </Text>
      </Stack>
    </Center>
  );
}

/** Inside the shell the header and menu stay; only the page area waits. */
export function PageLoader() {
  return (
    <Center mih="50vh" role="status" aria-busy>
      <Loader size="md" type="dots" />
    </Center>
  );
}
