import { ActionIcon, Box, Button, Divider, Group, Popover, ScrollArea, Stack, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { IconBookmark, IconBookmarkFilled, IconCheck, IconCopy, IconDeviceFloppy, IconPencil, IconStar, IconStarFilled, IconTrash, IconUsers, IconX } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isMine, type FilterCriteria } from '../../machines/ui';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useTooLong } from '../ui/CountedTextarea';
import { useFocusKept } from '../ui/useReturnFocus';
import type { SavedFiltersState } from './useSavedFilters';

export interface SavedFilterMenuProps {
  state: SavedFiltersState;
  /** The criteria a save would store (the applied filter panel values). */
  current: FilterCriteria;
  /** The name's `maxLength` in the saved filter schema: a longer name stays, marked, and is not saved. */
  nameMax?: number;
}

/**
 * Toolbar menu of saved filters: pick, star as default, save, update, rename, share with the
 * company, delete (spec §3, §4); a colleague's shared filter is read-only and is saved as a copy.
 */
export function SavedFilterMenu({ state, current, nameMax }: SavedFilterMenuProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState('');
  const [toDelete, setToDelete] = useState<number | null>(null);
  const { selected, renaming } = state;
  const copying = !!selected && !isMine(selected);

  // Renaming or copying starts from the filter's name (another filter chosen starts again).
  const startName = useEffectEvent(() => setName((renaming || copying) && selected ? selected.name : ''));
  const selectedId = selected?.userFilterId;
  useEffect(() => startName(), [renaming, copying, selectedId]);

  const nameTooLong = useTooLong(name.trim(), nameMax);
  const submit = () => !nameTooLong && state.save(current, name);
  const deleting = state.filters.find((f) => f.userFilterId === toDelete);

  // A save, rename or delete replaces the control that had the focus: it stays in the menu, on the
  // chosen filter, so Escape still closes the menu and Tab goes on from there.
  const dropdownRef = useRef<HTMLDivElement>(null);
  useFocusKept(dropdownRef, opened, '[aria-current="true"]:not(:disabled), button:not(:disabled), input');

  return (
    <>
      {/* The delete question is outside the menu: answering it must not close the menu. */}
      <Popover
        opened={opened}
        onChange={setOpened}
        closeOnClickOutside={toDelete === null}
        closeOnEscape={toDelete === null}
        position="bottom-start"
        width={320}
        shadow="md"
        withinPortal
        trapFocus
        returnFocus
      >
        <Popover.Target>
          <Button
            variant={selected ? 'light' : 'default'}
            leftSection={selected ? <IconBookmarkFilled size={16} /> : <IconBookmark size={16} />}
            onClick={() => setOpened((o) => !o)}
            maw={240}
          >
            <Text truncate size="sm" fw={500}>
              {selected ? selected.name : t('engine.filters.title')}
            </Text>
          </Button>
        </Popover.Target>
        <Popover.Dropdown p="xs" ref={dropdownRef}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" px={6} pb={4}>
            {t('engine.filters.title')}
          </Text>
          <ScrollArea.Autosize mah={240}>
            {state.filters.length === 0 && (
              <Text size="sm" c="dimmed" px={6} py={8}>
                {state.loading ? t('engine.lookup.loading') : t('engine.filters.none')}
              </Text>
            )}
            {state.filters.map((filter) => {
              const isDefault = state.defaultId === filter.userFilterId;
              const isSelected = selected?.userFilterId === filter.userFilterId;
              return (
                <Group key={filter.userFilterId} gap={4} wrap="nowrap" px={2} style={{ borderRadius: 6 }} bg={isSelected ? 'var(--mantine-primary-color-light)' : undefined}>
                  <Tooltip label={isDefault ? t('engine.filters.unsetDefault') : t('engine.filters.setDefault')} withinPortal>
                    <ActionIcon
                      variant="subtle"
                      color={isDefault ? 'yellow' : 'gray'}
                      onClick={() => state.toggleDefault(filter.userFilterId)}
                      disabled={state.busy}
                      aria-pressed={isDefault}
                      aria-label={t('engine.filters.defaultMark', { name: filter.name })}
                    >
                      {isDefault ? <IconStarFilled size={16} /> : <IconStar size={16} />}
                    </ActionIcon>
                  </Tooltip>
                  <UnstyledButton style={{ flex: 1, minWidth: 0 }} py={6} onClick={() => state.select(filter.userFilterId)} aria-current={isSelected}>
                    <Text size="sm" truncate fw={isSelected ? 600 : 400}>
                      {filter.name}
                    </Text>
                  </UnstyledButton>
                  {isSelected && <IconCheck size={14} color="var(--mantine-primary-color-filled)" />}
                  {isMine(filter) ? (
                    <>
                      <Tooltip label={filter.shared ? t('engine.filters.unshare') : t('engine.filters.share')} withinPortal>
                        <ActionIcon
                          variant="subtle"
                          color={filter.shared ? undefined : 'gray'}
                          onClick={() => state.toggleShared(filter.userFilterId)}
                          disabled={state.busy}
                          aria-pressed={!!filter.shared}
                          aria-label={t('engine.filters.sharedMark', { name: filter.name })}
                        >
                          <IconUsers size={15} />
                        </ActionIcon>
                      </Tooltip>
                      <ActionIcon variant="subtle" color="red" onClick={() => setToDelete(filter.userFilterId)} disabled={state.busy} aria-label={t('engine.filters.delete', { name: filter.name })}>
                        <IconTrash size={15} />
                      </ActionIcon>
                    </>
                  ) : (
                    <Tooltip label={t('engine.filters.sharedByColleague')} withinPortal>
                      <Box c="dimmed" px={6} style={{ display: 'flex' }} aria-label={t('engine.filters.sharedByColleague')} role="img">
                        <IconUsers size={15} />
                      </Box>
                    </Tooltip>
                  )}
                </Group>
              );
            })}
          </ScrollArea.Autosize>
          <Divider my="xs" />
          {(!selected || renaming || copying) && (
            <Stack gap={6}>
              {copying && (
                <Text size="xs" c="dimmed">
                  {t('engine.filters.readOnlyHint')}
                </Text>
              )}
              <TextInput
                size="sm"
                label={renaming ? t('engine.filters.newName') : copying ? t('engine.filters.copyAs') : t('engine.filters.saveAs')}
                placeholder={t('engine.filters.namePlaceholder')}
                value={name}
                error={nameTooLong}
                onChange={(event) => setName(event.currentTarget.value)}
                onKeyDown={(event) => event.key === 'Enter' && submit()}
                data-autofocus
              />
              <Group justify="flex-end" gap={6}>
                {renaming && (
                  <Button size="xs" variant="default" onClick={() => state.setRenaming(false)}>
                    {t('engine.action.cancel')}
                  </Button>
                )}
                {copying && (
                  <Button size="xs" variant="default" leftSection={<IconX size={14} />} onClick={state.deselect}>
                    {t('engine.filters.deselect')}
                  </Button>
                )}
                <Button size="xs" leftSection={copying ? <IconCopy size={14} /> : <IconDeviceFloppy size={14} />} onClick={submit} loading={state.busy} disabled={!!nameTooLong}>
                  {renaming ? t('engine.filters.rename') : copying ? t('engine.filters.copy') : t('engine.action.save')}
                </Button>
              </Group>
            </Stack>
          )}
          {selected && !renaming && !copying && (
            <Stack gap={4}>
              <Button size="xs" variant="light" leftSection={<IconDeviceFloppy size={14} />} onClick={() => state.save(current)} loading={state.busy} justify="flex-start">
                {t('engine.filters.update')}
              </Button>
              <Group gap={4} grow>
                <Button size="xs" variant="subtle" leftSection={<IconPencil size={14} />} onClick={() => state.setRenaming(true)}>
                  {t('engine.filters.rename')}
                </Button>
                <Button size="xs" variant="subtle" color="gray" leftSection={<IconX size={14} />} onClick={state.deselect}>
                  {t('engine.filters.deselect')}
                </Button>
              </Group>
            </Stack>
          )}
          <Box />
        </Popover.Dropdown>
      </Popover>
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('engine.filters.deleteTitle')}
        message={t('engine.filters.deleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('engine.action.delete')}
        danger
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete !== null) state.remove(toDelete);
          setToDelete(null);
        }}
      />
    </>
  );
}
