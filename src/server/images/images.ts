/**
 * Uploaded images: the real content decides (JPEG or PNG, whatever the file's name or declared
 * type says), the pixel count is checked from the header before anything is decoded, and what is
 * stored is re-encoded WebP, auto-rotated, with every piece of metadata (EXIF, GPS, XMP, ICC) gone.
 */
import { open, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { messages } from '../../shared/messages';
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from '../../shared/options';
import { createWorkQueue } from '../limits/in-flight';

type ImageFormat = 'jpeg' | 'png';

/** Widths of the stored variants: cards in lists, and the detail view's carousel. */
const CARD_WIDTH = 480;
const FULL_MAX_SIDE = 1600;

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
function sniffFormat(buffer: Buffer): ImageFormat | null {
  const starts = (magic: number[]) => buffer.length >= magic.length && magic.every((byte, i) => buffer[i] === byte);
  if (starts(JPEG_MAGIC)) return 'jpeg';
  if (starts(PNG_MAGIC)) return 'png';
  return null;
}

/** The first bytes of a file on disk (uploads are streamed to temporary files, never held in memory). */
async function firstBytes(path: string, count: number): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(count);
    const { bytesRead } = await file.read(buffer, 0, count, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * Decoding is the expensive part (a 40-megapixel PNG costs about a third of a second of a core):
 * at most half the server's cores decode at once (at least one), each image on one libvips thread,
 * whoever sent them; the others wait their turn. The rest of the CPU, and libuv's other threads
 * (file reads), stay free for every other request (decision 0022).
 */
const IMAGE_WORK_CONCURRENCY = Math.max(1, Math.floor(availableParallelism() / 2));
sharp.concurrency(1);
const imageWork = createWorkQueue(IMAGE_WORK_CONCURRENCY);

// Uploads are read from temporary files that are deleted after the request: libvips must not keep
// them open (the disk space would stay taken until its cache let go).
sharp.cache({ files: 0 });

const MB = Math.round(MAX_IMAGE_BYTES / (1024 * 1024));
const MEGAPIXELS = Math.round(MAX_IMAGE_PIXELS / 1_000_000);

/**
 * Cheap checks without decoding: size, real type, dimensions from the header. `input` is an
 * uploaded file on disk (uploads are never held in memory) or bytes already in memory (the seed).
 */
export async function inspectImage(input: string | Buffer, name: string): Promise<InspectResult> {
  const size = typeof input === 'string' ? (await stat(input)).size : input.length;
  if (size > MAX_IMAGE_BYTES) return { ok: false, message: messages.images.tooLarge(name, MB) };
  const format = sniffFormat(typeof input === 'string' ? await firstBytes(input, PNG_MAGIC.length) : input);
  if (!format) return { ok: false, message: messages.images.notJpegOrPng(name) };
  let width: number | undefined;
  let height: number | undefined;
  try {
    // metadata() reads the header only; nothing is decoded here.
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
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

/**
 * Decodes an uploaded file (bounded by limitInputPixels as a second guard) and writes the two WebP
 * variants, waiting its turn in the image-work queue.
 */
export function renderVariants(input: string | Buffer, name: string): Promise<ImageVariants> {
  return imageWork(() => render(input, name));
}

async function render(input: string | Buffer, name: string): Promise<ImageVariants> {
  const source = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate();
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
