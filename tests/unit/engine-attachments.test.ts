import { describe, expect, it } from 'vitest';
import { attachmentTarget, fileUrls } from '../../engine/record/attachments/attachmentTarget';
import { formatBytes } from '../../engine/record/attachments/fileLook';

/** The attachments panel's configuration (docs/schemas.md "Attachments"): which domain, which rules, which calls. */
const single = { 'x-id': 'widgetId', 'x-files': { WIDGET: {} } };
const several = { 'x-id': 'widgetId', 'x-files': { WIDGET: {}, WIDGET_PICTURE: { pictures: true }, WIDGET_PAPER: { documentType: true } } };

describe('attachments panel target', () => {
  it('takes the only domain of x-files, the record id, and the default calls', () => {
    const target = attachmentTarget({ kind: 'attachments' }, single, { widgetId: 7 })!;
    expect(target).toMatchObject({ fileType: 'WIDGET', entityId: 7, pictures: false, documentType: false });
    expect(target.urls.list).toBe('/back/bo/uploads/elements/WIDGET/7');
    expect(target.urls.remove(12)).toBe('/back/bo/uploads/elements/WIDGET/7/12');
    expect(target.urls.edit).toBeUndefined();
  });

  it('needs a fileType among several domains, and takes that domain’s rules unless the panel says otherwise', () => {
    expect(attachmentTarget({ kind: 'attachments' }, several, { widgetId: 7 })).toBeNull();
    expect(attachmentTarget({ kind: 'attachments', fileType: 'WIDGET_PICTURE' }, several, { widgetId: 7 })).toMatchObject({ pictures: true, documentType: false });
    expect(attachmentTarget({ kind: 'attachments', fileType: 'WIDGET_PAPER' }, several, { widgetId: 7 })).toMatchObject({ pictures: false, documentType: true });
    expect(attachmentTarget({ kind: 'attachments', fileType: 'WIDGET_PAPER', documentType: false }, several, { widgetId: 7 })?.documentType).toBe(false);
  });

  it('has nothing to attach to before the record is saved', () => {
    expect(attachmentTarget({ kind: 'attachments' }, single, null)).toBeNull();
    expect(attachmentTarget({ kind: 'attachments' }, single, { widgetId: undefined })).toBeNull();
  });

  it('fills configured URL templates with the record id, the domain and the file id', () => {
    const target = attachmentTarget(
      { kind: 'attachments', fileType: 'WIDGET', list: '/back/bo/widgetElements/{id}/elements', edit: '/back/bo/widgetElements/{id}/elements/{fileId}', remove: '/back/bo/files/widgets/{id}_{fileId}/' },
      several,
      { widgetId: 31 },
    )!;
    expect(target.urls.list).toBe('/back/bo/widgetElements/31/elements');
    expect(target.urls.edit?.(5)).toBe('/back/bo/widgetElements/31/elements/5');
    expect(target.urls.remove(5)).toBe('/back/bo/files/widgets/31_5/');
  });

  it('downloads and shows pictures at the spec sizes, the name URL-encoded', () => {
    expect(fileUrls('WIDGET', 3, 9, 'lot 4 #2.png')).toEqual({
      download: '/back/bo/files/WIDGET/3_9/',
      thumbnail: '/back/photos/h48/3_9/lot%204%20%232.png',
      tile: '/back/photos/200x200/3_9/lot%204%20%232.png',
      original: '/back/photos/9/ORIGINAL',
    });
  });

  it('reads sizes in the reader’s language', () => {
    expect(formatBytes(781, 'en')).toBe('781 bytes');
    expect(formatBytes(781, 'fr').replace(/\s/g, ' ')).toBe('781 octets');
    expect(formatBytes(1536, 'en')).toBe('1.5 kB');
    expect(formatBytes(10 * 1024 * 1024, 'fr').replace(/\s/g, ' ')).toBe('10 Mo');
  });
});
