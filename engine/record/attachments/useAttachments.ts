import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api';
import { onRecordUploadDone, type FileEntry } from '../../files/uploads';
import type { AttachmentTarget } from './attachmentTarget';

/** The record's files, read again whenever an upload of this record finishes. */
export function useAttachments(target: AttachmentTarget | null) {
  const [files, setFiles] = useState<FileEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const list = target?.urls.list;

  const load = useCallback(async () => {
    if (!list) return setFiles([]);
    try {
      // Quiet: a list that cannot be read says so in the panel, not in a snack over the page.
      setFiles(await api.get<FileEntry[]>(list, { quiet: true }));
      setFailed(false);
    } catch {
      setFiles([]);
      setFailed(true);
    }
  }, [list]);

  useEffect(() => {
    void load();
  }, [load]);

  const fileType = target?.fileType;
  const entityId = target?.entityId;
  useEffect(() => {
    if (fileType === undefined || entityId === undefined) return undefined;
    return onRecordUploadDone(fileType, entityId, () => void load());
  }, [fileType, entityId, load]);

  return { files, failed, reload: load };
}
