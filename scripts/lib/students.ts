/**
 * Simulated students for the load benchmark and the crash test: verified accounts that accepted
 * the terms, written straight into the database (sign-up is limited to 5 a minute per address and
 * needs an e-mail round trip), then signed in through the real API, each from its own loopback
 * address (127.x.y.z all reach a server on 127.0.0.1), so the sign-in limit of 10 a minute per
 * address is never reached and no X-Forwarded-For header is needed (or trusted).
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import sharp from 'sharp';
import { hashPassword } from '../../src/server/auth/scrypt-password';
import type { Database } from '../../src/server/db/client';
import { account, user } from '../../src/server/db/schema';

export const STUDENT_PASSWORD = 'load-test-password-123';

export interface Student {
  id: string;
  name: string;
  email: string;
  /** The loopback address this student's requests come from. */
  address: string;
  cookie: string;
}

/** The n-th student's own loopback address (127.1.0.1, 127.1.0.2, ...). */
export const studentAddress = (n: number) => `127.1.${Math.floor(n / 250)}.${(n % 250) + 1}`;

/** Inserts `count` verified students who accepted the terms; one password hash serves them all. */
export async function seedStudents(
  db: Database,
  { count, emailDomain, termsVersion, tag }: { count: number; emailDomain: string; termsVersion: string; tag: string },
): Promise<Omit<Student, 'cookie'>[]> {
  const hash = await hashPassword(STUDENT_PASSWORD);
  const now = new Date();
  const students = Array.from({ length: count }, (_, n) => ({
    id: randomUUID(),
    name: `Student ${n + 1}`,
    email: `${tag}.student${n + 1}@${emailDomain}`,
    address: studentAddress(n),
  }));
  for (let i = 0; i < students.length; i += 500) {
    const batch = students.slice(i, i + 500);
    await db.insert(user).values(
      batch.map((s) => ({
        id: s.id,
        name: s.name,
        email: s.email,
        emailVerified: true,
        termsAcceptedAt: now,
        termsVersion,
      })),
    );
    await db.insert(account).values(
      batch.map((s) => ({
        id: randomUUID(),
        accountId: s.id,
        providerId: 'credential',
        userId: s.id,
        password: hash,
      })),
    );
  }
  return students;
}

export interface HttpAnswer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** One HTTP request from a chosen local address (fetch cannot choose it). */
export function request(
  baseUrl: string,
  options: {
    method: string;
    path: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    localAddress?: string;
    agent?: http.Agent;
    timeoutMs?: number;
  },
): Promise<HttpAnswer> {
  const url = new URL(options.path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: options.method,
        headers: {
          ...(options.body !== undefined ? { 'content-length': String(Buffer.byteLength(options.body)) } : {}),
          ...options.headers,
        },
        localAddress: options.localAddress,
        agent: options.agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (options.timeoutMs) req.setTimeout(options.timeoutMs, () => req.destroy(new Error('timed out')));
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** Signs a seeded student in through the API, from the student's own address. */
export async function signIn(baseUrl: string, student: Omit<Student, 'cookie'>): Promise<Student> {
  const answer = await request(baseUrl, {
    method: 'POST',
    path: '/api/auth/sign-in/email',
    headers: { 'content-type': 'application/json', origin: new URL(baseUrl).origin },
    body: JSON.stringify({ email: student.email, password: STUDENT_PASSWORD }),
    localAddress: student.address,
  });
  if (answer.status !== 200) throw new Error(`sign-in of ${student.email} failed: ${answer.status} ${answer.body}`);
  const setCookie = answer.headers['set-cookie'] ?? [];
  const cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
  return { ...student, cookie };
}

/** A small JPEG, as a phone would upload (different colours so files differ). */
export async function sampleJpeg(n: number): Promise<Buffer> {
  const colours = ['#8a100b', '#b29d6c', '#2f5d8a', '#4a7c3a', '#6b4f8a'];
  return sharp({ create: { width: 320, height: 240, channels: 3, background: colours[n % colours.length] as string } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A multipart body as a browser's FormData sends it for POST /api/postings. */
export async function postingBody(
  posting: Record<string, unknown>,
  images: Buffer[],
): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  form.append('posting', JSON.stringify(posting));
  images.forEach((image, i) => {
    form.append('images', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), `room-${i + 1}.jpg`);
  });
  const built = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await built.arrayBuffer()),
    contentType: built.headers.get('content-type') as string,
  };
}

/** A valid on-campus posting form; `description` carries a marker the checks can read back. */
export function postingForm(description: string, dorm: string): Record<string, unknown> {
  return {
    listingLocation: 'oncampus',
    dorm,
    address: '',
    adminAcademicYear: 'junior',
    adminGender: 'female',
    adminCustomGender: '',
    adminPhone: '617-555-0101',
    adminInstagram: '',
    members: [
      {
        name: 'Maeve Kelly',
        academicYear: 'junior',
        gender: 'female',
        customGender: '',
        email: '',
        instagramHandle: '',
      },
    ],
    curNumSeek: 2,
    monthlyRent: '',
    rentType: '',
    rentStart: '',
    rentEnd: '',
    utilities: '',
    sublet: false,
    description,
  };
}
