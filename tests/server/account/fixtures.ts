import { Bitmap } from '../../../server/auth/png.ts';

/** A tiny real PNG and the start of a JPEG: enough for the byte sniffing of uploads. */
export const PNG = new Bitmap(4, 4).toPng();
export const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
