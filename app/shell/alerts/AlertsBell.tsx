import { ActionIcon, Anchor, Box, Button, Center, Divider, Group, Indicator, Loader, Popover, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { IconBell, IconBellOff, IconChecks } from '@tabler/icons-react';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { rememberPreLoginUrl } from '../../auth/preLoginUrl';
import { useSession } from '../../auth/session';
import { fetchLiveAlerts, markAlertsRead, useLiveAlertCount, type LiveAlert, type LiveAlertList } from './liveAlerts';

dayjs.extend(relativeTime);

const EMPTY_LIST: LiveAlertList = { alerts: [], minLiveAlertId: null, maxLiveAlertId: null };

const LEVEL_COLORS: Record<LiveAlert['level'], string> = { ERROR: 'red', FATAL: 'red', WARN: 'yellow', INFO: 'brand' };

function AlertRow({ alert, onOpen }: { alert: LiveAlert; onOpen: () => void }) {
  return (
    <Group gap="sm" py={8} wrap="nowrap" align="flex-start" opacity={alert.read ? 0.65 : 1}>
      <Box mt={7} w={8} h={8} style={{ flexShrink: 0, borderRadius: 4 }} bg={alert.read ? 'transparent' : LEVEL_COLORS[alert.level]} />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        {alert.titleLink ? (
          <Anchor component={Link} to={alert.titleLink} size="sm" fw={600} onClick={onOpen}>
            {alert.title}
          </Anchor>
        ) : (
          <Text size="sm" fw={600}>
            {alert.title}
          </Text>
        )}
        <Text size="sm" c="dark.4">
          {alert.message}
        </Text>
        <Text size="xs" c="dimmed">
          {dayjs(alert.creationDate).fromNow()}
        </Text>
      </Stack>
    </Group>
  );
}

/** The live alerts bell: unread count badge, the latest alerts on click, "mark all read". */
export function AlertsBell() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [opened, setOpened] = useState(false);
  const [list, setList] = useState<LiveAlertList | null>(null);

  const onSignedOut = useCallback(() => {
    rememberPreLoginUrl(location.pathname + location.search);
    session.clear();
    navigate('/auth/login', { replace: true });
  }, [session, navigate, location]);
  const { count, setCount } = useLiveAlertCount(onSignedOut);

  function toggle() {
    const next = !opened;
    setOpened(next);
    if (next) {
      setList(null);
      fetchLiveAlerts().then(setList, () => setList(EMPTY_LIST));
    }
  }

  async function markAllRead() {
    if (!list) return;
    await markAlertsRead(list);
    setCount(0);
    setList({ ...list, alerts: list.alerts.map((alert) => ({ ...alert, read: true })), minLiveAlertId: null, maxLiveAlertId: null });
  }

  const label = count ? t('shell.alertsCount', { count }) : t('shell.alerts');
  const titleId = useId();
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="lg" withArrow>
      <Popover.Target>
        <Tooltip label={label} disabled={opened}>
          <Indicator label={count > 99 ? '99+' : count} size={18} color="red" offset={6} disabled={!count} data-testid="alerts-badge">
            <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" aria-label={label} onClick={toggle}>
              <IconBell size={21} stroke={1.7} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      {/* Named by its title: Mantine names it after its target, here the badge around the button, which has no name (axe aria-dialog-name). */}
      <Popover.Dropdown p="sm" aria-labelledby={titleId}>
        <Group justify="space-between" mb={4}>
          <Text fw={600} id={titleId}>
            {t('shell.alerts')}
          </Text>
          <Button variant="subtle" size="compact-xs" leftSection={<IconChecks size={14} />} onClick={markAllRead} disabled={!list || list.minLiveAlertId === null}>
            {t('shell.alertsMarkRead')}
          </Button>
        </Group>
        <Divider />
        {!list && (
          <Center py="lg">
            <Loader size="sm" type="dots" />
          </Center>
        )}
        {list && !list.alerts.length && (
          <Stack align="center" gap={4} py="lg" c="dimmed">
            <IconBellOff size={28} stroke={1.4} />
            <Text size="sm">{t('shell.alertsEmpty')}</Text>
          </Stack>
        )}
        {list && list.alerts.length > 0 && (
          <ScrollArea.Autosize mah={380} type="auto" offsetScrollbars>
            <Stack gap={0}>
              {list.alerts.map((alert) => (
                <AlertRow key={alert.alertId} alert={alert} onOpen={() => setOpened(false)} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
