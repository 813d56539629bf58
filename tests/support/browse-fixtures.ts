/** Postings written straight into the database for the browse tests (search, bookmarks, lists). */

import type { Database } from '../../src/server/db/client';
import { posting, postingMember } from '../../src/server/db/schema';

export type PostingRow = typeof posting.$inferInsert;

export interface PostingFields {
  listingLocation?: 'oncampus' | 'offcampus';
  dorm?: string | null;
  address?: string | null;
  curGroupSize?: number;
  curNumSeek?: number;
  adminGender?: string;
  adminAcademicYear?: string;
  sublet?: boolean;
  monthlyRent?: number | null;
  rentType?: 'total' | 'per_person' | null;
  rentPerPerson?: number | null;
  rentStart?: string | null;
  rentEnd?: string | null;
  status?: 'Unfulfilled' | 'Likely Fulfilled' | 'Fulfilled';
  createdAt?: Date;
  adminName?: string;
}

/** A valid posting row of `adminUserId` with the given fields; on campus in Walsh by default. */
export function postingRow(adminUserId: string, fields: PostingFields = {}): PostingRow {
  const location = fields.listingLocation ?? 'oncampus';
  const curGroupSize = fields.curGroupSize ?? 2;
  const curNumSeek = fields.curNumSeek ?? 2;
  return {
    listingLocation: location,
    dorm: location === 'oncampus' ? (fields.dorm ?? 'Walsh') : null,
    address: location === 'offcampus' ? (fields.address ?? '12 Foster Street, Brighton, MA') : null,
    adminUserId,
    adminName: fields.adminName ?? 'Test Admin',
    adminEmail: 'admin@bc.edu',
    adminAcademicYear: fields.adminAcademicYear ?? 'junior',
    adminGender: fields.adminGender ?? 'female',
    aimInteger: curGroupSize + curNumSeek,
    curGroupSize,
    curNumSeek,
    monthlyRent: fields.monthlyRent ?? null,
    rentType: fields.rentType ?? null,
    rentPerPerson: fields.rentPerPerson ?? null,
    rentStart: fields.rentStart ?? null,
    rentEnd: fields.rentEnd ?? null,
    sublet: fields.sublet ?? false,
    status: fields.status ?? 'Unfulfilled',
    ...(fields.createdAt ? { createdAt: fields.createdAt } : {}),
  };
}

export async function insertPosting(db: Database, adminUserId: string, fields: PostingFields = {}): Promise<string> {
  const [row] = await db.insert(posting).values(postingRow(adminUserId, fields)).returning({ id: posting.id });
  if (!row) throw new Error('insert returned no row');
  await db.insert(postingMember).values({
    postingId: row.id,
    position: 0,
    name: fields.adminName ?? 'Test Admin',
    academicYear: fields.adminAcademicYear ?? 'junior',
    gender: fields.adminGender ?? 'female',
    // Member 1 is the admin, joined (decision 0024).
    userId: adminUserId,
    state: 'joined',
    role: 'admin',
    joinedAt: new Date(),
  });
  return row.id;
}
