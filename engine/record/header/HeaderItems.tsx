import { Button, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Fragment, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api, ApiError, reportApiError } from '../../api';
import type { HeaderConfig, HeaderItemConfig } from '../../config';
import { notify } from '../../notify';
import { actionUrl } from '../../search/rowActions';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { conditionHolds } from './conditions';
import { headerIcon } from './headerIcons';
import { recordDialog, type RecordDialogProps } from './recordDialogs';
import { useReturnFocus } from '../../ui/useReturnFocus';

type Row = Record<string, unknown>;

export interface HeaderItemsProps extends Pick<RecordDialogProps, 'onChanged' | 'onReload'> {
  buttons?: HeaderConfig['buttons'];
  menu?: HeaderConfig['menu'];
  record: Row;
  /** The record's own address (`DELETE` deletes it). */
  recordUrl: string;
  /** Whether the caller may change the record: items marked `writable` show only then. */
  writable?: boolean;
}

/** Header buttons and the overflow menu: each item opens a route, a registered dialog, or deletes the record after a question. */
export function HeaderItems({ buttons = [], menu, record, recordUrl, writable = true, onChanged, onReload }: HeaderItemsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<HeaderItemConfig | null>(null);
  const [busy, setBusy] = useState(false);
  // Stable: a dialog may load what it shows in an effect that depends on it.
  const closeDialog = useCallback(() => setDialog(null), []);
  const shown = (items: readonly HeaderItemConfig[]) => items.filter((item) => conditionHolds(item.when, record) && (writable || !item.writable));

  const open = (item: HeaderItemConfig) => {
    if (item.dialog) setDialog(item.dialog);
    else if (item.delete) setDeleting(item);
    else if (item.to) {
      const path = actionUrl(item.to, record);
      if (path) navigate(path);
    }
  };

  // Spec §8: a refusal (422) or a falsy answer both say the record cannot go (cancel it instead).
  const remove = async (texts: NonNullable<HeaderItemConfig['delete']>) => {
    setBusy(true);
    const refused = () => notify({ level: 'error', message: t(texts.refused, record) });
    try {
      if (await api.delete<unknown>(recordUrl, { quiet: true })) {
        notify({ level: 'success', message: t(texts.success, record) });
        if (texts.then) navigate(texts.then);
      } else refused();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) refused();
      else if (error instanceof ApiError) reportApiError(error);
      else throw error;
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  const menuItems = menu && conditionHolds(menu.when, record) ? shown(menu.items) : [];
  const Dialog = dialog ? recordDialog(dialog) : undefined;
  useReturnFocus(Dialog !== undefined);
  return (
    <>
      {shown(buttons).map((item) => {
        const Icon = headerIcon(item.icon);
        return (
          <Button key={item.label} variant={item.variant ?? 'default'} color={item.color} leftSection={Icon ? <Icon size={16} /> : undefined} onClick={() => open(item)} data-testid={item.testId}>
            {t(item.label)}
          </Button>
        );
      })}
      {menuItems.length > 0 && (
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <Button variant="default" rightSection={<IconChevronDown size={16} />}>
              {t(menu!.label)}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {menuItems.map((item) => {
              const Icon = headerIcon(item.icon);
              return (
                <Fragment key={item.label}>
                  {item.divider && <Menu.Divider />}
                  <Menu.Item color={item.color} leftSection={Icon ? <Icon size={16} /> : undefined} onClick={() => open(item)} data-testid={item.testId}>
                    {t(item.label)}
                  </Menu.Item>
                </Fragment>
              );
            })}
          </Menu.Dropdown>
        </Menu>
      )}
      {Dialog && <Dialog record={record} onClose={closeDialog} onChanged={onChanged} onReload={onReload} />}
      <ConfirmDialog
        opened={deleting !== null}
        title={deleting?.delete ? t(deleting.delete.title, record) : ''}
        message={deleting?.delete ? t(deleting.delete.message, record) : ''}
        confirmLabel={deleting ? t(deleting.label) : ''}
        danger
        loading={busy}
        onConfirm={() => deleting?.delete && void remove(deleting.delete)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
