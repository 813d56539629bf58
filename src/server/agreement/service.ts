/**
 * The roommate agreement of a posting's group (issue 34): drafted from its joined members' answers
 * (src/shared/agreement.ts), edited clause by clause into new versions (every one kept), and signed
 * by every party on the SHA-256 of one version's exact text (src/shared/agreement-signatures.ts).
 * Only the group's admin and joined members see it; to anyone else it does not exist (404).
 */

import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { activeClauses, draftAgreement } from '../../shared/agreement';
import {
  type AgreementClause,
  type AgreementParty,
  agreementMessages,
  agreementText,
  sameName,
  signatureCounts,
  signatureStanding,
} from '../../shared/agreement-signatures';
import { refusal, roleOf } from '../../shared/authorization';
import { activeQuestions } from '../../shared/lifestyle';
import { AGREEMENT_MAX_VERSIONS, limitMessages } from '../../shared/limits';
import { messages } from '../../shared/messages';
import type { AgreementView } from '../../shared/schemas/agreement-answers';
import type { Viewer } from '../auth/viewer';
import type { AppConfig } from '../config';
import type { Database, Executor } from '../db/client';
import type { GroupService } from '../groups/service';
import { AppError, errors } from '../http/errors';
import type { LifestyleService } from '../lifestyle/service';
import { checkCounted, UnrecordedRequests } from '../limits/student-limits';
import { type AgreementDocument, agreementPdf } from './pdf';
import * as q from './queries';

export interface AgreementServiceDeps {
  db: Database;
  config: AppConfig;
  groups: Pick<GroupService, 'agreementGroup'>;
  lifestyle: Pick<LifestyleService, 'answerMaps'>;
  /** Tells the parties, in the change's transaction, that their agreement changed (the live stream). */
  announce: (tx: Executor, postingId: string, userIds: readonly string[]) => Promise<void>;
}

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const notFound = () => errors.notFound(messages.postingAccess.notFound.message, messages.postingAccess.notFound.title);
const refused = (status: number, code: string, message: string) =>
  new AppError(status, code, agreementMessages.failedTitle, message);

const changedSinceOpened = () => refused(409, 'AGREEMENT_CHANGED', agreementMessages.changedSinceOpened);

/** A version as the service works with it: stored, or the unsaved draft (version 1). */
interface Current {
  version: number;
  clauses: AgreementClause[];
  textHash: string;
  stored: boolean;
}

/** PDFs this server keeps, by the hash of what they hold (about 50 KB each). */
const PDF_CACHE_ENTRIES = 100;

export function createAgreementService({ db, config, groups, lifestyle, announce }: AgreementServiceDeps) {
  const questions = activeQuestions(config.college.lifestyle);
  const clauses = activeClauses(config.college.agreement);
  // Laying out a PDF holds the CPU: each student's downloads are counted, and the same content is
  // laid out once (a new version, signature or party changes the key).
  const pdfDownloads = new UnrecordedRequests();
  const pdfs = new LRUCache<string, Buffer>({ max: PDF_CACHE_ENTRIES });

  /** The group, if the viewer is one of its parties; else 404, whatever the reason. */
  async function groupFor(executor: Executor, viewer: Viewer, postingId: string, lock: boolean) {
    const group = await groups.agreementGroup(executor, postingId, lock);
    if (!group) throw notFound();
    const joined = group.parties.find((p) => p.userId === viewer.id && p.role !== 'admin')?.role ?? null;
    const viewerRole = roleOf(group.posting.adminUserId, viewer.id, joined);
    if (refusal(viewer, 'group.agreement', { viewerRole })) throw notFound();
    return group;
  }

  async function draft(parties: readonly AgreementParty[], offCampus: boolean): Promise<AgreementClause[]> {
    const answers = await lifestyle.answerMaps(parties.map((p) => p.userId));
    const members = parties.map((p) => answers.get(p.userId) ?? new Map());
    return draftAgreement({ questions, clauses, members, offCampus });
  }

  /** The latest stored version, or the draft from the answers (`drafted`) while nothing is stored. */
  async function currentOf(
    executor: Executor,
    postingId: string,
    drafted: () => Promise<AgreementClause[]>,
  ): Promise<{ current: Current; history: q.VersionRow[] }> {
    const history = await q.versions(executor, postingId);
    const [latest] = history;
    if (latest) {
      return {
        current: { version: latest.version, clauses: latest.clauses, textHash: latest.textHash, stored: true },
        history,
      };
    }
    const clauses = await drafted();
    return { current: { version: 1, clauses, textHash: sha256(agreementText(1, clauses)), stored: false }, history };
  }

  async function view(
    executor: Executor,
    viewer: Viewer,
    postingId: string,
    signaturesCleared = false,
  ): Promise<AgreementView> {
    const group = await groupFor(executor, viewer, postingId, false);
    const offCampus = group.posting.listingLocation === 'offcampus';
    const { current, history } = await currentOf(executor, postingId, () => draft(group.parties, offCampus));
    const signed = current.stored ? await q.signatures(executor, postingId, current.version) : [];
    const standing = signatureStanding(
      signed.map((s) => ({ ...s, parties: s.parties })),
      { version: current.version, textHash: current.textHash, parties: group.parties },
    );
    const lastChange = (key: string) => history.find((h) => h.changedClause === key);
    return {
      postingId,
      version: current.version,
      textHash: current.textHash,
      clauses: current.clauses.map((c) => {
        const change = lastChange(c.key);
        return {
          key: c.key,
          title: c.title,
          status: c.status,
          text: c.text,
          ...(c.difference ? { difference: c.difference } : {}),
          changedBy: change
            ? { name: change.editedByName ?? 'A former member', at: change.createdAt.toISOString() }
            : null,
        };
      }),
      parties: standing.parties.map((p) => ({
        name: p.name,
        isYou: p.userId === viewer.id,
        signedAt: p.signedAt?.toISOString() ?? null,
      })),
      signedByAllAt: standing.signedByAllAt?.toISOString() ?? null,
      history: history.map((h) => ({
        version: h.version,
        by: h.editedByName,
        at: h.createdAt.toISOString(),
        clause: h.clauses.find((c) => c.key === h.changedClause)?.title ?? null,
      })),
      signaturesCleared,
    };
  }

  /**
   * Runs a change on the version the student read (`textHash`), the posting locked so membership and
   * other changes wait; the draft is stored as version 1 first when nothing is stored yet.
   */
  async function change(
    viewer: Viewer,
    postingId: string,
    textHash: string,
    write: (tx: Executor, current: Current, parties: AgreementParty[]) => Promise<boolean>,
  ): Promise<AgreementView> {
    let cleared = false;
    let partyIds: string[] = [];
    // The draft reads the answers before the transaction (the embedded database has one connection);
    // inside, a draft from other parties than today's is refused like any text the student did not read.
    const before = await groupFor(db, viewer, postingId, false);
    const partiesBefore = before.parties.map((p) => p.userId).join(' ');
    const drafted = await draft(before.parties, before.posting.listingLocation === 'offcampus');
    await db.transaction(async (tx) => {
      const group = await groupFor(tx, viewer, postingId, true);
      partyIds = group.parties.map((p) => p.userId);
      const { current } = await currentOf(tx, postingId, async () => {
        if (partyIds.join(' ') !== partiesBefore) throw changedSinceOpened();
        return drafted;
      });
      if (current.textHash !== textHash) throw changedSinceOpened();
      if (!current.stored) {
        await q.insertVersion(tx, {
          postingId,
          version: current.version,
          clauses: current.clauses,
          textHash: current.textHash,
        });
      }
      cleared = await write(tx, current, group.parties);
      await announce(tx, postingId, partyIds);
    });
    return view(db, viewer, postingId, cleared);
  }

  /** What the PDF copy holds: the current version and each party's signature on it that counts. */
  async function document(viewer: Viewer, postingId: string): Promise<AgreementDocument> {
    const group = await groupFor(db, viewer, postingId, false);
    const offCampus = group.posting.listingLocation === 'offcampus';
    const { current } = await currentOf(db, postingId, () => draft(group.parties, offCampus));
    const signed = current.stored ? await q.signatures(db, postingId, current.version) : [];
    const at = { version: current.version, textHash: current.textHash, parties: group.parties };
    const standing = signatureStanding(signed, at);
    return {
      productName: config.college.productName,
      collegeName: config.college.college.name,
      version: current.version,
      textHash: current.textHash,
      clauses: current.clauses,
      parties: group.parties.map((party) => {
        const signature = signed.find((s) => s.userId === party.userId && signatureCounts(s, at));
        return {
          name: party.name,
          signature: signature
            ? {
                typedName: signature.typedName,
                signedAt: signature.signedAt,
                version: signature.version,
                textHash: signature.textHash,
              }
            : null,
        };
      }),
      signedByAllAt: standing.signedByAllAt,
    };
  }

  return {
    view: (viewer: Viewer, postingId: string) => view(db, viewer, postingId),

    /** The agreement as a PDF to keep, and its version (for the file's name). */
    pdf: async (viewer: Viewer, postingId: string) => {
      const content = await document(viewer, postingId);
      pdfDownloads.spend(viewer.id, 'agreementPdfs');
      const key = sha256(JSON.stringify(content));
      let bytes = pdfs.get(key);
      if (!bytes) {
        bytes = await agreementPdf(content);
        pdfs.set(key, bytes);
      }
      return { version: content.version, bytes };
    },

    /** A new version with one clause's text changed; every signature on the old one stops counting. */
    editClause: (viewer: Viewer, postingId: string, clauseKey: string, body: { text: string; textHash: string }) =>
      change(viewer, postingId, body.textHash, async (tx, current) => {
        const clause = current.clauses.find((c) => c.key === clauseKey);
        if (!clause) throw refused(404, 'CLAUSE_NOT_FOUND', agreementMessages.clauseNotFound);
        // The same words again change nothing, and clear nobody's signature.
        if (clause.text === body.text) return false;
        const version = current.version + 1;
        // Versions are numbered from 1 without gaps, so the number is the count. The posting is
        // locked, so the counts below cannot change before this version is written.
        if (version > AGREEMENT_MAX_VERSIONS) {
          const { title, message } = limitMessages.agreementVersions;
          throw new AppError(409, 'AGREEMENT_VERSIONS_FULL', title, message(AGREEMENT_MAX_VERSIONS));
        }
        await checkCounted('agreementEdits', (since) => q.editsSince(tx, postingId, viewer.id, since));
        const next = current.clauses.map((c) => (c.key === clauseKey ? { ...c, text: body.text } : c));
        const hadSignatures = current.stored && (await q.signatures(tx, postingId, current.version)).length > 0;
        await q.insertVersion(tx, {
          postingId,
          version,
          clauses: next,
          textHash: sha256(agreementText(version, next)),
          editedByUserId: viewer.id,
          editedByName: viewer.name,
          changedClause: clauseKey,
        });
        return hadSignatures;
      }),

    /** The viewer's signature on the version they read: their typed name, confirmed. */
    sign: (viewer: Viewer, postingId: string, body: { name: string; confirm?: boolean | string; textHash: string }) =>
      change(viewer, postingId, body.textHash, async (tx, current, parties) => {
        // Asked once the viewer is known to be a party: to anyone else the agreement is 404 whatever they send.
        if (!(body.confirm === true || body.confirm === 'on' || body.confirm === 'true')) {
          throw refused(400, 'CONFIRMATION_REQUIRED', agreementMessages.confirmToSign);
        }
        if (!sameName(body.name, viewer.name)) throw refused(400, 'NAME_MISMATCH', agreementMessages.nameMismatch);
        const mine = (await q.signatures(tx, postingId, current.version)).filter((s) => s.userId === viewer.id);
        const partyIds = parties.map((p) => p.userId);
        // Signed already, with every party of today: nothing to add.
        if (mine.some((s) => partyIds.every((id) => s.parties.includes(id)))) {
          throw refused(409, 'ALREADY_SIGNED', agreementMessages.alreadySigned);
        }
        // A signature from before a member joined is replaced by this round's.
        if (mine.length > 0) await q.deleteSignature(tx, postingId, current.version, viewer.id);
        await q.insertSignature(tx, {
          postingId,
          version: current.version,
          userId: viewer.id,
          typedName: body.name.trim(),
          textHash: current.textHash,
          parties: partyIds,
        });
        return false;
      }),
  };
}

export type AgreementService = ReturnType<typeof createAgreementService>;
