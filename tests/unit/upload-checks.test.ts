import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, refusedFiles, setAcceptedMimeTypes } from '../../engine/files/uploadChecks';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });
/** A file that claims a size without holding it (the check reads `size` only). */
const huge = (name: string, type: string) => Object.defineProperty(file(name, type), 'size', { value: MAX_UPLOAD_BYTES + 1 });

describe('refusedFiles (spec §5.3, checked again by the server)', () => {
  it('passes accepted files', () => {
    expect(refusedFiles([file('a.pdf', 'application/pdf'), file('b.png', 'image/png'), file('c.csv', 'text/csv')], {})).toEqual([]);
    expect(refusedFiles([file('b.gif', 'image/gif')], { pictures: true })).toEqual([]);
  });

  it('refuses an empty file, a file over the limit (named), a non-picture where pictures are required, a type not accepted', () => {
    const empty = file('empty.pdf', 'application/pdf', 0);
    const big = huge('big.pdf', 'application/pdf');
    const pdf = file('scan.pdf', 'application/pdf');
    const webp = file('photo.webp', 'image/webp');
    const exe = file('tool.exe', 'application/x-msdownload');
    expect(refusedFiles([empty, big, exe], {})).toEqual([
      { file: empty, key: 'engine.upload.refused.empty', params: { name: 'empty.pdf' } },
      { file: big, key: 'engine.upload.refused.tooLarge', params: { name: 'big.pdf', limit: '250' } },
      { file: exe, key: 'engine.upload.refused.type', params: { name: 'tool.exe' } },
    ]);
    expect(refusedFiles([pdf, webp], { pictures: true }).map((r) => r.key)).toEqual(['engine.upload.refused.notPicture', 'engine.upload.refused.notPicture']);
  });

  it("follows the configuration's list of accepted types", () => {
    setAcceptedMimeTypes(['application/pdf']);
    expect(refusedFiles([file('a.csv', 'text/csv')], {}).map((r) => r.key)).toEqual(['engine.upload.refused.type']);
    setAcceptedMimeTypes([]);
    expect(refusedFiles([file('a.pdf', 'application/pdf')], {})).toEqual([]);
  });
});
