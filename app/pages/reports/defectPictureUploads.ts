import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { api } from '../../../engine/api';
import { enqueueUploads, onRecordUploadDone, type FileEntry } from '../../../engine/files/uploads';

type Row = Record<string, unknown>;
const ELEMENTS = 'SERVICE';

/**
 * Pictures taken for a defect go through the upload queue to the service's elements, then join the
 * defect's `pictures`. Until the queue has stored one, it waits here by name and size (module-wide: the
 * wizard's defect step may be left and reopened meanwhile); the service's elements, read again as each
 * file is stored, tell which element it became.
 */
interface Pending {
  serviceId: number;
  defectIndex: number;
  fileName: string;
  byteSize: number;
}
let pending: Pending[] = [];

/** The service's elements (GET /back/bo/serviceElements/{id}/elements), read again as each of its files is stored. */
export function useServiceElements(): { serviceId: number; elements: FileEntry[] } {
  const serviceId = Number(useParams().serviceId);
  const [elements, setElements] = useState<FileEntry[]>([]);
  const load = useCallback(() => api.get<FileEntry[]>(`/back/bo/serviceElements/${serviceId}/elements`).then(setElements, () => undefined), [serviceId]);
  useEffect(() => {
    void load();
    return onRecordUploadDone(ELEMENTS, serviceId, () => void load());
  }, [load, serviceId]);
  return { serviceId, elements };
}

/**
 * The defect step's picture uploads: `take(index, files)` queues pictures for the defect at `index`;
 * once stored, each is added to that defect's pictures (through `onChange`). `waiting(index)` counts
 * those still on their way.
 */
export function useDefectPictureUploads(record: Row, onChange: (next: Row) => void) {
  const { serviceId, elements } = useServiceElements();
  const latest = useRef({ record, onChange });
  latest.current = { record, onChange };
  const [, rerender] = useState(0);

  // Each stored picture waiting for its defect (same name and size, not yet on a defect) joins it.
  useEffect(() => {
    const defects = ((latest.current.record.defects as Row[] | undefined) ?? []).map((defect) => ({ ...defect }));
    const used = new Set(defects.flatMap((defect) => (defect.pictures as number[] | undefined) ?? []));
    let attached = false;
    pending = pending.filter((wait) => {
      if (wait.serviceId !== serviceId) return true;
      const element = elements.find((file) => file.picture && file.fileName === wait.fileName && file.byteSize === wait.byteSize && !used.has(file.fileId));
      if (!element || !defects[wait.defectIndex]) return true;
      used.add(element.fileId);
      defects[wait.defectIndex].pictures = [...((defects[wait.defectIndex].pictures as number[] | undefined) ?? []), element.fileId];
      attached = true;
      return false;
    });
    if (attached) latest.current.onChange({ ...latest.current.record, defects });
  }, [elements, serviceId]);

  const take = (defectIndex: number, files: File[]) => {
    pending.push(...files.map((file) => ({ serviceId, defectIndex, fileName: file.name, byteSize: file.size })));
    enqueueUploads(files.map((file) => ({ file, fileType: ELEMENTS, entityId: serviceId })));
    rerender((n) => n + 1);
  };
  const waiting = (defectIndex: number) => pending.filter((wait) => wait.serviceId === serviceId && wait.defectIndex === defectIndex).length;
  /** A defect removed: the pictures waiting for the later ones follow their rows. */
  const removed = (defectIndex: number) => {
    pending = pending.filter((wait) => wait.serviceId !== serviceId || wait.defectIndex !== defectIndex).map((wait) => (wait.serviceId === serviceId && wait.defectIndex > defectIndex ? { ...wait, defectIndex: wait.defectIndex - 1 } : wait));
  };
  return { serviceId, pictures: elements.filter((file) => file.picture), take, waiting, removed };
}
