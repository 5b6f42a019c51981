/** The queue's runtime, loaded on first use (see uploads.ts). */
import type { UploadRequest } from './uploads';

export function enqueue(_requests: UploadRequest[]): void {}
export function abort(_id: string): void {}
export function dismiss(_id: string): void {}
export function restore(): void {}
