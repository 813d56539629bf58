import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posting } from '../../src/server/db/schema';
import { messages } from '../../src/shared/messages';
import { postingValidation } from '../../src/shared/posting-validation-messages';
import type { PostingDetail } from '../../src/shared/schemas/posting-view';
import { createTestApp, type TestApp } from '../support/app';
import { createMember, type TestMember } from '../support/users';
import { type FilePart, jpegFile, onCampusPosting, png, sendPosting, storedFiles } from './postings-support';

let t: TestApp;
let admin: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createMember(t);
});
afterAll(async () => {
  await t?.close();
});

const submit = (files: FilePart[]) => sendPosting(t, { cookie: admin.cookie, posting: onCampusPosting(), files });
const postingCount = async () => (await t.database.db.select({ id: posting.id }).from(posting)).length;

async function fetchImage(url: string): Promise<Buffer> {
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

/** The rule: the content decides. Names and declared types are ignored both ways. */
describe('image checks', () => {
  it('refuses a text file named .jpg', async () => {
    const response = await submit([
      { name: 'notes.jpg', type: 'image/jpeg', buffer: Buffer.from('these are my notes, not a photo\n') },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      title: messages.submit.failedTitle,
      details: [messages.images.notJpegOrPng('notes.jpg')],
    });
    expect(await postingCount()).toBe(0);
  });

  it('refuses other real image types (GIF, WebP) and a JPEG cut short', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    const whole = (await jpegFile('whole.jpg', 400, 300)).buffer;
    const response = await submit([
      { name: 'anim.gif', type: 'image/gif', buffer: gif },
      { name: 'photo.jpg', type: 'image/jpeg', buffer: webp },
      { name: 'cut.jpg', type: 'image/jpeg', buffer: whole.subarray(0, 40) },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([
      messages.images.notJpegOrPng('anim.gif'),
      messages.images.notJpegOrPng('photo.jpg'),
      messages.images.notJpegOrPng('cut.jpg'),
    ]);
  });

  it('accepts a PNG declared as JPEG (named .jpg): it is stored by its real content', async () => {
    const response = await submit([{ name: 'actually-png.jpg', type: 'image/jpeg', buffer: await png(90, 60) }]);
    expect(response.statusCode, response.body).toBe(201);
    const detail = response.json() as PostingDetail;
    const stored = await sharp(await fetchImage(detail.images[0]?.fullUrl as string)).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 90, height: 60 });
  });

  it('refuses a 50-megapixel image', async () => {
    const huge = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const response = await submit([{ name: 'huge.png', type: 'image/png', buffer: huge }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([messages.images.tooManyPixels('huge.png', 40)]);
  });

  it('refuses a file over 10 MB', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x11);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const response = await submit([{ name: 'big.jpg', type: 'image/jpeg', buffer: big }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([messages.images.tooLarge('big.jpg', 10)]);
  });

  it('refuses an 11th image and stores nothing', async () => {
    const before = await postingCount();
    const files = await Promise.all(Array.from({ length: 11 }, (_, i) => jpegFile(`room-${i + 1}.jpg`, 40, 30)));
    const response = await submit(files);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([messages.images.tooMany(10)]);
    expect(await postingCount()).toBe(before);
    // Ten are fine.
    const ten = await submit(files.slice(0, 10));
    expect(ten.statusCode).toBe(201);
    expect((ten.json() as PostingDetail).images).toHaveLength(10);
  });

  it('refuses an edit that would make 11 images', async () => {
    const files = await Promise.all(Array.from({ length: 9 }, () => jpegFile('a.jpg', 40, 30)));
    const created = (await submit(files)).json() as PostingDetail;
    const response = await sendPosting(t, {
      method: 'PUT',
      url: `/api/postings/${created.id}`,
      cookie: admin.cookie,
      posting: onCampusPosting(),
      files: [await jpegFile(), await jpegFile()],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([messages.images.tooMany(10)]);
  });

  it('lists field and image problems together', async () => {
    const response = await sendPosting(t, {
      cookie: admin.cookie,
      posting: onCampusPosting({ dorm: '' }),
      files: [{ name: 'notes.jpg', type: 'image/jpeg', buffer: Buffer.from('text') }],
    });
    expect(response.json().error.details).toEqual([
      postingValidation.selectDorm,
      messages.images.notJpegOrPng('notes.jpg'),
    ]);
  });
});

describe('what is stored', () => {
  it('strips GPS and every other metadata, auto-rotates, and stores WebP card and full variants', async () => {
    const photo = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#3a6ea5' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'TestCam', Model: 'Phone 9' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '42/1 20/1 3000/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '71/1 10/1 0/1',
        },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const original = await sharp(photo).metadata();
    expect(original.exif).toBeDefined();
    expect(photo.includes(Buffer.from('TestCam'))).toBe(true);

    const response = await submit([{ name: 'gps.jpg', type: 'image/jpeg', buffer: photo }]);
    expect(response.statusCode, response.body).toBe(201);
    const image = (response.json() as PostingDetail).images[0];
    // Orientation 6: the stored picture is upright (portrait), bounded to 1600 px.
    expect(image).toMatchObject({ width: 800, height: 1600 });
    for (const url of [image?.fullUrl, image?.cardUrl] as string[]) {
      const bytes = await fetchImage(url);
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(bytes.includes(Buffer.from('TestCam'))).toBe(false);
      expect(bytes.includes(Buffer.from('GPS'))).toBe(false);
    }
    const card = await sharp(await fetchImage(image?.cardUrl as string)).metadata();
    expect(card.width).toBe(480);
    expect(storedFiles(t).length).toBeGreaterThanOrEqual(2);
  });

  it('does not enlarge small images', async () => {
    const response = await submit([await jpegFile('small.jpg', 200, 100)]);
    const image = (response.json() as PostingDetail).images[0];
    const card = await sharp(await fetchImage(image?.cardUrl as string)).metadata();
    expect(card).toMatchObject({ width: 200, height: 100 });
    const [row] = await t.database.db
      .select()
      .from(posting)
      .where(eq(posting.id, (response.json() as PostingDetail).id));
    expect(row).toBeDefined();
  });
});
