import { Button, Menu } from '@mantine/core';
import { IconArrowsSplit, IconCalendarRepeat, IconChevronDown, IconCopy, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError, reportApiError } from '../../../../engine/api';
import { ConfirmDialog } from '../../../../engine/ui/ConfirmDialog';
import { showSnack } from '../../../notifications/snackbar';
import { serviceApi, type ServiceView } from '../shared/serviceApi';
import { wizardLink } from '../shared/wizardLink';

/** The owner's menu (sheet right WRITE): wizard modes, split/merge, delete. */
export function SheetMenu({ service, onSplitMerge }: { service: ServiceView; onSplitMerge: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const remove = async () => {
    setDeleting(true);
    // Spec §8: a refusal (422) or a falsy answer both say the service should be cancelled instead.
    const refused = () => showSnack({ level: 'error', message: t('serviceSheet.delete.refused') });
    try {
      if (await serviceApi.remove(service.serviceId)) {
        showSnack({ level: 'success', message: t('serviceSheet.delete.done', { number: service.number }) });
        navigate('/services/search');
      } else refused();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) refused();
      else if (error instanceof ApiError) reportApiError(error);
    } finally {
      setDeleting(false);
      setConfirmDelete(false);
    }
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <Button variant="default" rightSection={<IconChevronDown size={16} />}>
            {t('serviceSheet.menu.label')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => navigate(wizardLink('EDIT', service.serviceId))}>
            {t('serviceSheet.menu.edit')}
          </Menu.Item>
          <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => navigate(wizardLink('DUPLICATE', service.serviceId))}>
            {t('serviceSheet.menu.duplicate')}
          </Menu.Item>
          <Menu.Item leftSection={<IconCalendarRepeat size={16} />} onClick={() => navigate(wizardLink('RESCHEDULE', service.serviceId))}>
            {t('serviceSheet.menu.reschedule')}
          </Menu.Item>
          <Menu.Item leftSection={<IconArrowsSplit size={16} />} onClick={onSplitMerge}>
            {t('serviceSheet.menu.splitMerge')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setConfirmDelete(true)}>
            {t('serviceSheet.menu.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={confirmDelete}
        title={t('serviceSheet.delete.title')}
        message={t('serviceSheet.delete.message', { number: service.number })}
        confirmLabel={t('serviceSheet.menu.delete')}
        danger
        loading={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
      />
    </>
  );
}
