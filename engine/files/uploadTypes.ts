// The upload queue's shapes, shared by its public face (uploads.ts) and the modules behind it.

export interface UploadRequest {
  file: File;
  fileType: string;
  entityId: number;
  documentType?: string;
}

/** A stored file of a record, as the server lists it. */
export interface FileEntry {
  fileId: number;
  entityId: number;
  fileType: string;
  creationDate: string;
  fileName: string;
  mimeType: string;
  byteSize: number;
  documentType?: string;
  picture: boolean;
  contactId?: number;
  author?: string;
  comment?: string;
}

/** Where an item of the queue stands; `refused` keeps the server's message until it is dismissed. */
export type UploadItemState = 'queued' | 'hashing' | 'declaring' | 'sending' | 'retrying' | 'finalizing' | 'done' | 'refused';

export interface UploadItem {
  id: string;
  fileName: string;
  fileType: string;
  entityId: number;
  /** 0–100, from the bytes the server has received. */
  percent: number;
  state: UploadItemState;
  error?: string;
}
