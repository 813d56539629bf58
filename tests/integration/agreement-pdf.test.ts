/**
 * The roommate agreement's PDF (issue 34): a party downloads it as an attachment never cached; its
 * text (extracted here with pdf.js, through unpdf) holds every clause of the current version, says
 * it is not a lease, and ends with a page of signatures (name, time, version, SHA-256); it is tagged
 * PDF/UA with its title shown and its language. To anyone else it is 404, as the agreement is.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementPdfText, pdfTime } from '../../src/server/agreement/pdf';
import { agreementMessages } from '../../src/shared/agreement-signatures';
import { STUDENT_LIMITS } from '../../src/shared/limits';
import type { AgreementView } from '../../src/shared/schemas/agreement-answers';
import { createTestApp, type TestApp } from '../support/app';
import { createMember, type TestMember } from '../support/users';
import { callAs, createGroup, readAgreement } from './agreement-support';
import { offCampusPosting } from './postings-support';

let t: TestApp;
let admin: TestMember;
let ben: TestMember;
let cal: TestMember;
let outsider: TestMember;
let invited: TestMember;
let postingId: string;

const call = (member: TestMember | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  callAs(t, member, method, url, payload);
const base = () => `/api/postings/${postingId}/agreement`;
const read = (member: TestMember) => readAgreement(t, member, postingId);
const download = (member: TestMember | null) => call(member, 'GET', `${base()}.pdf`);
/** One space for any run of white space: a clause wraps over lines in the PDF. */
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

beforeAll(async () => {
  t = await createTestApp({}, undefined, { backgroundJobs: false });
  [admin, ben, cal, outsider, invited] = await Promise.all([
    createMember(t, { name: 'Ana Ruiz' }),
    createMember(t, { name: 'Ben Cho' }),
    createMember(t, { name: 'Zoë Ångström' }),
    createMember(t, { name: 'Olu Outside' }),
    createMember(t, { name: 'Ivy Invited' }),
  ]);
  postingId = await createGroup(t, admin, [ben, cal], { invited: [invited], posting: offCampusPosting() });
});
afterAll(async () => {
  await t?.close();
});

describe('the roommate agreement as a PDF', () => {
  it('is 404 to a student outside the group and to one only invited, 401 signed out', async () => {
    expect((await download(outsider)).statusCode).toBe(404);
    expect((await download(invited)).statusCode).toBe(404);
    expect((await download(null)).statusCode).toBe(401);
    expect(
      (await call(outsider, 'GET', '/api/postings/00000000-0000-4000-8000-000000000000/agreement.pdf')).statusCode,
    ).toBe(404);
  });

  it('holds every clause, says it is not a lease, ends with the signatures, and is tagged PDF/UA', async () => {
    const first = await read(ben);
    const edited = await call(ben, 'POST', `${base()}/clauses/guests`, {
      text: 'Guests on weekends, announced by the day before; nobody stays more than two nights.',
      textHash: first.textHash,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const { textHash, version, clauses } = edited.json<AgreementView>();
    // Two of the three sign.
    for (const member of [admin, cal]) {
      const signed = await call(member, 'POST', `${base()}/signatures`, { name: member.name, confirm: true, textHash });
      expect(signed.statusCode, signed.body).toBe(200);
    }
    const view = await read(cal);

    const response = await download(cal);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="roommate-agreement-version-${version}.pdf"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');

    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const { text: pages } = await extractText(pdf, { mergePages: false });
    const all = flat(pages.join('\n'));
    expect(all).toContain(agreementMessages.pageTitle);
    expect(all).toContain(agreementPdfText.subtitle(t.config.college.productName, t.config.college.college.name));
    expect(all).toContain(agreementMessages.notALease);
    // Every clause, title and text, the off-campus money clauses among them.
    expect(clauses.map((c) => c.key)).toEqual(expect.arrayContaining(['rent', 'deposit', 'guests']));
    for (const clause of clauses) {
      expect(all).toContain(flat(clause.title));
      expect(all).toContain(flat(clause.text));
    }

    // The last page is the signatures': every party, who signed and when, the version and its hash.
    const last = flat(pages.at(-1) ?? '');
    expect(last.startsWith(agreementPdfText.signaturesTitle)).toBe(true);
    expect(last).toContain(textHash);
    for (const member of [admin, cal]) {
      const signedAt = view.parties.find((p) => p.name === member.name)?.signedAt;
      expect(signedAt).toBeTruthy();
      expect(last).toContain(member.name);
      expect(last).toContain(flat(agreementPdfText.signedAs(member.name, pdfTime(new Date(signedAt ?? '')))));
    }
    expect(last).toContain(flat(agreementPdfText.signatureOf(version, textHash)));
    expect(last).toContain(`${ben.name} ${agreementPdfText.notSigned}`);
    expect(last).toContain(agreementPdfText.notSignedByAll);
    for (const stranger of [outsider, invited]) expect(all).not.toContain(stranger.name);

    // Tagged: marked content, a structure tree of headings and paragraphs, the title shown, the language.
    expect(await pdf.getMarkInfo()).toMatchObject({ Marked: true });
    const info = (await pdf.getMetadata()).info as unknown as Record<string, unknown>;
    expect(info.Title).toBe(`${agreementMessages.pageTitle}, version ${version}`);
    expect(info.Language).toBe('en-US');
    const roles = (node: { role?: string; children?: unknown[] }): string[] => [
      ...(node.role ? [node.role] : []),
      ...((node.children ?? []) as { role?: string }[]).flatMap(roles),
    ];
    const firstPage = roles(await (await pdf.getPage(1)).getStructTree());
    expect(firstPage).toEqual(expect.arrayContaining(['Document', 'H1', 'H2', 'P']));
    const raw = bytes.toString('latin1');
    expect(raw).toMatch(/\/StructTreeRoot \d+ 0 R/);
    expect(raw).toContain('/DisplayDocTitle true');
    expect(raw).toContain('/Lang (en-US)');
    expect(raw).toMatch(/<pdfuaid:part>1<\/pdfuaid:part>/);
    // The fonts are embedded (PDF/UA): a FontFile2 for each, none of the fourteen standard fonts.
    expect(raw).toContain('/FontFile2');
    expect(raw).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/);
    await pdf.destroy();
  });

  it('says when every party has signed', async () => {
    const { textHash } = await read(ben);
    const signed = await call(ben, 'POST', `${base()}/signatures`, { name: ben.name, confirm: true, textHash });
    expect(signed.statusCode, signed.body).toBe(200);
    const signedByAllAt = signed.json<AgreementView>().signedByAllAt;
    expect(signedByAllAt).not.toBeNull();
    const pdf = await getDocumentProxy(new Uint8Array((await download(admin)).rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(flat(text)).toContain(agreementPdfText.signedByAll(pdfTime(new Date(signedByAllAt ?? ''))));
    await pdf.destroy();
  });

  it(`one student downloads at most ${STUDENT_LIMITS.agreementPdfs.max} copies an hour; the others still can`, async () => {
    const { max } = STUDENT_LIMITS.agreementPdfs;
    // Ben has not downloaded it yet in this file.
    for (let i = 0; i < max; i++) expect((await download(ben)).statusCode).toBe(200);
    const refused = await download(ben);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'AGREEMENT_PDF_RATE_LIMITED',
      message: `You can download at most ${max} copies of an agreement an hour. Please use the copy you have, or try again later.`,
    });
    expect((await download(admin)).statusCode).toBe(200);
    // To a stranger it is still 404, not a count.
    expect((await download(outsider)).statusCode).toBe(404);
  });
});
