import { describe, expect, it } from 'vitest';
import {
  agreementText,
  type SignatureRecord,
  sameName,
  signatureCounts,
  signatureStanding,
} from './agreement-signatures';

const ana = { userId: 'ana', name: 'Ana Ruiz' };
const ben = { userId: 'ben', name: 'Ben Cho' };
const cal = { userId: 'cal', name: 'Cal Ide' };
const at = (minute: number) => new Date(Date.UTC(2026, 7, 20, 12, minute));
const signature = (userId: string, minute: number, over: Partial<SignatureRecord> = {}): SignatureRecord => ({
  userId,
  version: 3,
  textHash: 'h3',
  parties: ['ana', 'ben', 'cal'],
  signedAt: at(minute),
  ...over,
});
const current = { version: 3, textHash: 'h3', parties: [ana, ben, cal] };

describe('agreementText', () => {
  it('is the version and each clause, so the same words in another version hash differently', () => {
    const clauses = [
      { title: 'Guests', text: 'Guests are announced a day ahead.' },
      { title: 'Locking up', text: 'The door is locked.' },
    ];
    expect(agreementText(2, clauses)).toBe(
      'Roommate agreement, version 2\n\nGuests\nGuests are announced a day ahead.\n\nLocking up\nThe door is locked.',
    );
    expect(agreementText(3, clauses)).not.toBe(agreementText(2, clauses));
  });
});

describe('the signature rule', () => {
  it('is signed by all once every party signed this version and text, at the last signature', () => {
    const standing = signatureStanding([signature('ana', 1), signature('cal', 5), signature('ben', 3)], current);
    expect(standing.parties.map((p) => [p.name, p.signedAt])).toEqual([
      ['Ana Ruiz', at(1)],
      ['Ben Cho', at(3)],
      ['Cal Ide', at(5)],
    ]);
    expect(standing.signedByAllAt).toEqual(at(5));
  });

  it('does not count a signature on another version or another text (an edit clears them all)', () => {
    expect(signatureCounts(signature('ana', 1, { version: 2, textHash: 'h2' }), current)).toBe(false);
    expect(signatureCounts(signature('ana', 1, { textHash: 'forged' }), current)).toBe(false);
    const standing = signatureStanding(
      [signature('ana', 1, { version: 2, textHash: 'h2' }), signature('ben', 3), signature('cal', 5)],
      current,
    );
    expect(standing.parties[0]?.signedAt).toBeNull();
    expect(standing.signedByAllAt).toBeNull();
  });

  it('a member who leaves is no longer a party; the others’ signatures still count', () => {
    const afterLeaving = { ...current, parties: [ana, ben] };
    const standing = signatureStanding([signature('ana', 1), signature('ben', 3), signature('cal', 5)], afterLeaving);
    expect(standing.parties.map((p) => p.name)).toEqual(['Ana Ruiz', 'Ben Cho']);
    expect(standing.signedByAllAt).toEqual(at(3));
  });

  it('a member who joins needs a new round: signatures made before they were a party stop counting', () => {
    const dee = { userId: 'dee', name: 'Dee Park' };
    const afterJoining = { ...current, parties: [ana, ben, cal, dee] };
    const before = [signature('ana', 1), signature('ben', 3), signature('cal', 5)];
    expect(
      signatureStanding([...before, signature('dee', 7, { parties: ['ana', 'ben', 'cal', 'dee'] })], afterJoining),
    ).toMatchObject({
      signedByAllAt: null,
      parties: [{ signedAt: null }, { signedAt: null }, { signedAt: null }, { signedAt: at(7) }],
    });
    const round = ['ana', 'ben', 'cal', 'dee'].map((id, i) =>
      signature(id, 10 + i, { parties: ['ana', 'ben', 'cal', 'dee'] }),
    );
    expect(signatureStanding(round, afterJoining).signedByAllAt).toEqual(at(13));
  });

  it('never counts a signature from someone who is not a party, and nobody at all is not signed by all', () => {
    expect(signatureCounts(signature('eve', 1), current)).toBe(false);
    expect(signatureStanding([], { ...current, parties: [] }).signedByAllAt).toBeNull();
  });
});

describe('sameName', () => {
  it('matches the account name whatever the case and spacing, and nothing else', () => {
    expect(sameName('  ana   ruiz ', 'Ana Ruiz')).toBe(true);
    expect(sameName('Ana', 'Ana Ruiz')).toBe(false);
    expect(sameName('', '')).toBe(false);
  });
});
