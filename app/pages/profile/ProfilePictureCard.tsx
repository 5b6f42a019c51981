import '@mantine/dropzone/styles.css';
import { Avatar, Button, Group, Image, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError, reportApiError } from '../../../engine/api';
import { enqueueUploads, onRecordUploadDone, PICTURE_MIME_TYPES, refusedFiles, useRecordUploads, MAX_UPLOAD_BYTES } from '../../../engine/files/uploads';
import { RecordUploads } from '../../../engine/record/attachments/RecordUploads';
import { ConfirmDialog } from '../../../engine/ui/ConfirmDialog';
import { DropzoneBody } from '../../../engine/files/DropzoneBody';
import { contactPicture, initials, pictureFileId } from '../../auth/profile';
import { useReadySession } from '../../auth/session';
import { showSnack } from '../../notifications/snackbar';
import { ProfileCard } from './ProfileLayout';

/** Contact pictures belong to the file domain CONTACT (schemas/entities/contact.json `x-files`). */
const PICTURE_DOMAIN = 'CONTACT';

/**
 * My picture (spec §5.3, §9): the current one as the header shows it (48x48) and as a preview (160x160), a drop zone
 * for a new one (JPEG, PNG or GIF, through the upload queue), and Delete after a confirmation. The session is re-read
 * once the picture is stored or deleted, so the header and its popup show the change.
 */
export function ProfilePictureCard() {
  const { contactId } = useReadySession().profile;
  return contactId ? <PictureCard contactId={contactId} /> : null;
}

function PictureCard({ contactId }: { contactId: number }) {
  const { t } = useTranslation();
  const session = useReadySession();
  const { profile } = session;
  const fileId = pictureFileId(profile);
  const uploading = useRecordUploads(PICTURE_DOMAIN, contactId).length > 0;
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const saved = useEffectEvent(() => {
    showSnack({ level: 'success', message: t('profile.picture.saved') });
    void session.load();
  });
  useEffect(() => onRecordUploadDone(PICTURE_DOMAIN, contactId, () => saved()), [contactId]);

  /** Says why each refused file is refused; answers the others. */
  const refuse = (files: File[]) => {
    const refusals = refusedFiles(files, { pictures: true });
    for (const { key, params } of refusals) showSnack({ level: 'warning', message: t(key, params as Record<string, unknown>) });
    return files.filter((file) => !refusals.some((refusal) => refusal.file === file));
  };
  const drop = (files: File[]) => enqueueUploads(refuse(files).slice(0, 1).map((file) => ({ file, fileType: PICTURE_DOMAIN, entityId: contactId })));
  // The zone refuses other types itself; the same messages as a dropped file's say why.
  const reject = (rejections: FileRejection[]) => void refuse(rejections.map(({ file }) => file));

  async function remove() {
    setDeleting(true);
    try {
      await api.delete(`/back/bo/files/contacts/${contactId}_${fileId}/`, { quiet: true });
      showSnack({ level: 'success', message: t('profile.picture.deleted') });
      await session.load();
    } catch (error) {
      if (error instanceof ApiError) reportApiError(error);
    } finally {
      setDeleting(false);
      setConfirming(false);
    }
  }

  return (
    <ProfileCard title={t('profile.picture.title')} text={t('profile.picture.text')} testId="profile-picture">
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Stack gap="xs" align="center">
          {fileId ? (
            <Image src={contactPicture(contactId, fileId, '160x160')} w={160} h={160} radius="md" alt={t('profile.picture.preview')} data-testid="profile-picture-preview" />
          ) : (
            <Avatar size={160} radius="md" color="brand" variant="light" alt="">
              {initials(profile.userFullName)}
            </Avatar>
          )}
          <Group gap="xs" wrap="nowrap">
            <Avatar src={fileId ? contactPicture(contactId, fileId, '48x48') : undefined} size={48} radius="xl" color="brand" variant="filled" alt="">
              {initials(profile.userFullName)}
            </Avatar>
            <Text size="xs" c="dimmed" maw={100}>
              {t('profile.picture.small')}
            </Text>
          </Group>
        </Stack>
        <Stack gap="sm" style={{ flex: 1, minWidth: 240 }}>
          <Dropzone
            onDrop={drop}
            onReject={reject}
            accept={PICTURE_MIME_TYPES}
            maxSize={MAX_UPLOAD_BYTES}
            multiple={false}
            loading={uploading}
            radius="md"
            p="md"
            aria-label={t('profile.picture.drop')}
            data-testid="profile-picture-dropzone"
          >
            <DropzoneBody idleIcon={IconPhotoUp} title={t('profile.picture.drop')} hint={t('profile.picture.types')} minHeight={96} />
          </Dropzone>
          <RecordUploads fileType={PICTURE_DOMAIN} entityId={contactId} />
          {fileId && (
            <Group justify="flex-end">
              <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)} data-testid="profile-picture-delete">
                {t('profile.picture.delete')}
              </Button>
            </Group>
          )}
        </Stack>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={t('profile.picture.deleteTitle')}
        message={t('profile.picture.deleteMessage')}
        confirmLabel={t('profile.picture.delete')}
        danger
        loading={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </ProfileCard>
  );
}
