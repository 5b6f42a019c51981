import { ActionIcon, Anchor, Badge, Group, Popover, ScrollArea, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRecentMessages, type RecentMessage } from './recentMessages';

// Badge colours with dark text: the level is also written out, never told by colour alone.
const LEVEL_COLORS: Record<RecentMessage['level'], string> = { success: 'teal.1', warning: 'yellow.1', error: 'red.1' };

/**
 * The messages' time format in a language, 24-hour as every time in the app (engine/format/values.ts).
 * Made once, when a list first shows: a new Intl formatter costs milliseconds, and the header renders often.
 */
const timeFormats = new Map<string, Intl.DateTimeFormat>();
function timeFormat(language: string): Intl.DateTimeFormat {
  let format = timeFormats.get(language);
  if (!format) timeFormats.set(language, (format = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })));
  return format;
}

function MessageRow({ message, onOpenLink }: { message: RecentMessage; onOpenLink: () => void }) {
  const { t, i18n } = useTranslation();
  const { link } = message;
  return (
    <Stack component="li" gap={4} py={8} data-level={message.level}>
      <Group gap="xs" wrap="nowrap">
        <Badge size="sm" variant="filled" color={LEVEL_COLORS[message.level]} c="dark.8">
          {t(`shell.recentMessages.level.${message.level}`)}
        </Badge>
        <Text size="xs" c="dark.5" component="time" dateTime={message.at.toISOString()}>
          {timeFormat(i18n.language).format(message.at)}
        </Text>
      </Group>
      <Text size="sm">{message.text}</Text>
      {link &&
        (link.href.startsWith('/') ? (
          <Anchor component={Link} to={link.href} size="sm" fw={600} onClick={onOpenLink}>
            {link.label}
          </Anchor>
        ) : (
          <Anchor href={link.href} target="_blank" rel="noreferrer" size="sm" fw={600}>
            {link.label}
          </Anchor>
        ))}
    </Stack>
  );
}

/**
 * The header's "recent messages" button: the last messages of this session, newest first, with the
 * time each was shown, so one that closed by itself can be read again (WCAG 2.2.1).
 */
export function RecentMessagesButton() {
  const { t } = useTranslation();
  const messages = useRecentMessages();
  const [opened, setOpened] = useState(false);
  const label = t('shell.recentMessages');
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="lg" withArrow trapFocus returnFocus>
      <Popover.Target>
        <Tooltip label={label} disabled={opened}>
          <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" aria-label={label} onClick={() => setOpened((open) => !open)} data-testid="recent-messages-button">
            <IconMessages size={21} stroke={1.7} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p="sm" aria-label={label} data-testid="recent-messages">
        <Title order={2} fz="md" fw={600} mb={4}>
          {label}
        </Title>
        {messages.length ? (
          <ScrollArea.Autosize mah={380} type="auto" offsetScrollbars>
            <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
              {messages.map((message) => (
                <MessageRow key={message.id} message={message} onOpenLink={() => setOpened(false)} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        ) : (
          <Text size="sm" c="dark.5" py="md">
            {t('shell.recentMessages.empty')}
          </Text>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
