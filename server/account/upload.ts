/** KYC image rules: JPEG, PNG or WEBP, recognised by their bytes (never by a name or a header), at most 5 MB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export type ImageType = { mime: string; ext: string };

/** The image type of these bytes, or null when they are not a JPEG, PNG or WEBP image. */
export function sniffImage(bytes: Buffer): ImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { mime: 'image/png', ext: 'png' };
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { mime: 'image/jpeg', ext: 'jpg' };
  }
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return { mime: 'image/webp', ext: 'webp' };
  }
  return null;
}

/**
 * The first file part of a multipart/form-data body, or null when the body is not well-formed multipart. Enough for
 * one image per request, which is all the upload route takes.
 */
export function firstFilePart(body: Buffer, contentType: string): Buffer | null {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary || boundary.length > 200) return null;
  const delimiter = Buffer.from(`--${boundary.trim()}`);
  let start = body.indexOf(delimiter);
  while (start >= 0) {
    const headerStart = start + delimiter.length + 2;
    const headerEnd = body.indexOf('\r\n\r\n', headerStart);
    if (headerEnd < 0) return null;
    const headers = body.subarray(headerStart, headerEnd).toString('latin1');
    const next = body.indexOf(delimiter, headerEnd + 4);
    if (next < 0) return null;
    // The part ends with CRLF before the next delimiter.
    const content = body.subarray(headerEnd + 4, next - 2);
    if (/filename=/i.test(headers)) return content;
    start = next;
  }
  return null;
}
