/** Shared by the postings, images and storage integration tests: valid postings, images, multipart bodies. */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { PostingInput } from '../../src/shared/schemas/posting';
import type { TestApp } from '../support/app';
import { originHeader } from '../support/users';

export function onCampusPosting(overrides: Partial<PostingInput> = {}): PostingInput {
  return {
    listingLocation: 'oncampus',
    dorm: 'Walsh',
    address: '',
    adminName: '',
    adminEmail: '',
    adminAcademicYear: 'junior',
    adminGender: 'female',
    adminCustomGender: '',
    adminPhone: '617-555-0101',
    adminInstagram: '@maeve.k',
    adminShowsPhone: false,
    adminShowsInstagram: false,
    pinLatitude: '',
    pinLongitude: '',
    pinExact: false,
    members: [
      {
        name: 'Maeve Kelly',
        academicYear: 'junior',
        gender: 'female',
        customGender: '',
        email: '',
        instagramHandle: '',
      },
      {
        name: 'Priya Patel',
        academicYear: 'junior',
        gender: 'female',
        customGender: '',
        email: 'priya@bc.edu',
        instagramHandle: 'priya_p',
      },
    ],
    curNumSeek: 2,
    monthlyRent: '',
    rentType: '',
    rentStart: '',
    rentEnd: '',
    utilities: '',
    sublet: false,
    description: '',
    ...overrides,
  };
}

export function offCampusPosting(overrides: Partial<PostingInput> = {}): PostingInput {
  return onCampusPosting({
    listingLocation: 'offcampus',
    dorm: '',
    address: '12 Foster Street, Brighton, MA',
    monthlyRent: '$3,600',
    rentType: 'total',
    rentStart: '2027-06-01',
    rentEnd: '2028-05-31',
    utilities: 'not-included',
    sublet: false,
    ...overrides,
  });
}

export interface FilePart {
  name: string;
  type: string;
  buffer: Buffer;
}

/** A multipart body exactly as a browser's FormData would send it. */
export async function multipart(fields: Record<string, unknown>, files: FilePart[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  for (const file of files) {
    form.append('images', new Blob([new Uint8Array(file.buffer)], { type: file.type }), file.name);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') as string,
  };
}

export async function sendPosting(
  t: TestApp,
  options: {
    method?: 'POST' | 'PUT';
    url?: string;
    cookie?: string;
    posting: unknown;
    imageOrder?: unknown;
    files?: FilePart[];
  },
) {
  const fields: Record<string, unknown> = { posting: options.posting };
  if (options.imageOrder !== undefined) fields.imageOrder = options.imageOrder;
  const body = await multipart(fields, options.files);
  return t.app.inject({
    method: options.method ?? 'POST',
    url: options.url ?? '/api/postings',
    headers: {
      ...originHeader(t),
      'content-type': body.contentType,
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    payload: body.payload,
  });
}

export async function jpeg(width = 120, height = 80, background = '#8a100b'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

export async function png(width = 120, height = 80, background = '#b29d6c'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

export const jpegFile = async (name = 'room.jpg', width?: number, height?: number): Promise<FilePart> => ({
  name,
  type: 'image/jpeg',
  buffer: await jpeg(width, height),
});

/** Every file under the disk storage's folder (uploads), as keys. */
export function storedFiles(t: TestApp): string[] {
  const root = path.join(t.config.dataDir, 'uploads', 'postings');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true })
    .map(String)
    .filter((entry) => entry.endsWith('.webp'))
    .map((entry) => `postings/${entry.split(path.sep).join('/')}`);
}

/** The storage key of an image URL from the API. */
export const keyOf = (url: string) => url.replace(/^\/api\/images\//, '');
