/**
 * Uploaded images: the real content decides (JPEG or PNG, whatever the file's name or declared
 * type says), the pixel count is checked from the header before anything is decoded, and what is
 * stored is re-encoded WebP, auto-rotated, with every piece of metadata (EXIF, GPS, XMP, ICC) gone.
 */
import sharp from 'sharp';
import { messages } from '../../shared/messages';
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from '../../shared/options';

export type ImageFormat = 'jpeg' | 'png';

/** Widths of the stored variants: cards in lists, and the detail view's carousel. */
export const CARD_WIDTH = 480;
export const FULL_MAX_SIDE = 1600;

export interface ImageVariants {
  card: Buffer;
  full: Buffer;
  /** Of the full variant, after rotation. */
  width: number;
  height: number;
}

export type InspectResult = { ok: true; format: ImageFormat } | { ok: false; message: string };

const JPEG_MAGIC = [0xff, 0xd8, 0xff];
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The format by the file's first bytes; null for anything that is neither JPEG nor PNG. */
export function sniffFormat(buffer: Buffer): ImageFormat | null {
  const starts = (magic: number[]) => buffer.length >= magic.length && magic.every((byte, i) => buffer[i] === byte);
  if (starts(JPEG_MAGIC)) return 'jpeg';
  if (starts(PNG_MAGIC)) return 'png';
  return null;
}

const MB = Math.round(MAX_IMAGE_BYTES / (1024 * 1024));
const MEGAPIXELS = Math.round(MAX_IMAGE_PIXELS / 1_000_000);

/** Cheap checks without decoding: size, real type, dimensions from the header. */
export async function inspectImage(buffer: Buffer, name: string): Promise<InspectResult> {
  if (buffer.length > MAX_IMAGE_BYTES) return { ok: false, message: messages.images.tooLarge(name, MB) };
  const format = sniffFormat(buffer);
  if (!format) return { ok: false, message: messages.images.notJpegOrPng(name) };
  let width: number | undefined;
  let height: number | undefined;
  try {
    // metadata() reads the header only; nothing is decoded here.
    const meta = await sharp(buffer, { limitInputPixels: false }).metadata();
    if (meta.format !== format) return { ok: false, message: messages.images.notJpegOrPng(name) };
    width = meta.width;
    height = meta.height;
  } catch {
    return { ok: false, message: messages.images.notJpegOrPng(name) };
  }
  if (!width || !height) return { ok: false, message: messages.images.notJpegOrPng(name) };
  if (width * height > MAX_IMAGE_PIXELS) return { ok: false, message: messages.images.tooManyPixels(name, MEGAPIXELS) };
  return { ok: true, format };
}

/** Decodes (bounded by limitInputPixels as a second guard) and writes the two WebP variants. */
export async function renderVariants(buffer: Buffer, name: string): Promise<ImageVariants> {
  const source = sharp(buffer, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate();
  try {
    const [card, full] = await Promise.all([
      source.clone().resize({ width: CARD_WIDTH, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer(),
      source
        .clone()
        .resize({ width: FULL_MAX_SIDE, height: FULL_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true }),
    ]);
    return { card, full: full.data, width: full.info.width, height: full.info.height };
  } catch {
    throw new ImageRejected(messages.images.notJpegOrPng(name));
  }
}

/** An image that passed the header checks but cannot be decoded. */
export class ImageRejected extends Error {
  override name = 'ImageRejected';
}
