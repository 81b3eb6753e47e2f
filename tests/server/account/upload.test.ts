import { describe, expect, it } from 'vitest';
import { firstFilePart, sniffImage } from '../../../server/account/upload.ts';
import { JPEG, PNG } from './fixtures.ts';

describe('image upload parsing', () => {
  it('recognises PNG, JPEG and WEBP by their bytes only', () => {
    expect(sniffImage(PNG)).toEqual({ mime: 'image/png', ext: 'png' });
    expect(sniffImage(JPEG)).toEqual({ mime: 'image/jpeg', ext: 'jpg' });
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]);
    expect(sniffImage(webp)).toEqual({ mime: 'image/webp', ext: 'webp' });
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(Buffer.from('GIF89a....'))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });

  it('takes the file part of a multipart body', () => {
    const boundary = '----x';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nfront\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n`),
      Buffer.from('Content-Type: image/png\r\n\r\n'),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    expect(firstFilePart(body, `multipart/form-data; boundary=${boundary}`)?.equals(PNG)).toBe(true);
    expect(firstFilePart(body, 'multipart/form-data')).toBeNull();
    expect(firstFilePart(Buffer.from('garbage'), `multipart/form-data; boundary=${boundary}`)).toBeNull();
  });
});
