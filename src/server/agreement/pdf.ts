/**
 * The roommate agreement as a PDF to keep (issue 34): tagged PDF/UA (a structure tree, its title
 * shown, its language), in DejaVu Sans embedded as a subset (from the dejavu-fonts-ttf package, found
 * from the package root so the bundled server finds it too). The clauses of the current version,
 * then a page of signatures: each party's typed name, time, the version and the SHA-256 its
 * signature covers. Every mark on a page belongs to a heading or a paragraph of the structure.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { agreementMessages } from '../../shared/agreement-signatures';
import { packageRoot } from '../package-root';

export interface AgreementDocument {
  productName: string;
  collegeName: string;
  version: number;
  textHash: string;
  clauses: readonly { title: string; text: string; status: string; difference?: string }[];
  parties: readonly {
    name: string;
    /** The party's signature that counts for this version, if any. */
    signature: { typedName: string; signedAt: Date; version: number; textHash: string } | null;
  }[];
  signedByAllAt: Date | null;
}

/** The document's words, beside agreementMessages (the page's). */
export const agreementPdfText = {
  subtitle: (productName: string, collegeName: string) => `Made with ${productName} at ${collegeName}`,
  version: (version: number) => `Version ${version}`,
  between: (names: readonly string[]) => `Between ${names.join(', ')}.`,
  toDiscuss: (difference: string | undefined) =>
    difference ? `${agreementMessages.toDiscuss}: ${difference}` : agreementMessages.toDiscuss,
  signaturesTitle: 'Signatures',
  signaturesIntro: (version: number) =>
    `Each signature covers the exact text of version ${version} of this agreement (its number, then each clause's title and text), identified by its SHA-256:`,
  signedAs: (typedName: string, at: string) => `Signed as “${typedName}” on ${at}.`,
  signatureOf: (version: number, textHash: string) => `Version ${version}, text SHA-256: ${textHash}`,
  notSigned: 'Not signed yet.',
  signedByAll: (at: string) => `${agreementMessages.signedByAll} on ${at}.`,
  notSignedByAll: 'Not yet signed by all.',
} as const;

/** 27 November 2026, 20:31 UTC: one time zone for every reader of the copy. */
export function pdfTime(at: Date): string {
  const day = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(at);
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return `${day}, ${time} UTC`;
}

let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** DejaVu Sans, read once: it covers Latin, Greek and Cyrillic names, and PDF/UA wants fonts embedded. */
function dejaVu() {
  if (!fonts) {
    const require = createRequire(path.join(packageRoot, 'package.json'));
    const dir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    fonts = {
      regular: readFileSync(path.join(dir, 'DejaVuSans.ttf')),
      bold: readFileSync(path.join(dir, 'DejaVuSans-Bold.ttf')),
    };
  }
  return fonts;
}

const INK = '#1a1a1a';
const MUTED = '#4d4d4d';

/** The PDF's bytes. */
export function agreementPdf(input: AgreementDocument): Promise<Buffer> {
  const { regular, bold } = dejaVu();
  const title = `${agreementMessages.pageTitle}, ${agreementPdfText.version(input.version).toLowerCase()}`;
  const doc = new PDFDocument({
    pdfVersion: '1.7',
    // @types/pdfkit lists only the PDF/A subsets; pdfkit itself has PDF/UA (its identification in the metadata).
    subset: 'PDF/UA' as string as PDFKit.Mixins.PDFSubsets,
    tagged: true,
    displayTitle: true,
    lang: 'en-US',
    size: 'LETTER',
    margin: 72,
    font: regular as unknown as string,
    info: {
      Title: title,
      Subject: agreementMessages.notALease,
      Author: input.parties.map((p) => p.name).join(', '),
      Creator: input.productName,
    },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const root = doc.struct('Document');
  doc.addStructure(root);
  const block = (type: string, font: 'regular' | 'bold', size: number, color: string, text: string, gap = 0.5) =>
    root.add(
      doc.struct(type, {}, () => {
        doc.font(font).fontSize(size).fillColor(color).text(text);
        doc.moveDown(gap);
      }),
    );
  const heading = (type: 'H1' | 'H2', text: string) => {
    // A heading never ends a page alone: it moves to the next with room for a few lines after it.
    if (doc.y > doc.page.height - doc.page.margins.bottom - 90) doc.addPage();
    block(type, 'bold', type === 'H1' ? 22 : 13, INK, text, type === 'H1' ? 0.3 : 0.2);
  };
  const paragraph = (text: string, color = INK, size = 11) => block('P', 'regular', size, color, text);

  heading('H1', agreementMessages.pageTitle);
  paragraph(agreementPdfText.subtitle(input.productName, input.collegeName), MUTED);
  paragraph(
    `${agreementPdfText.version(input.version)}. ${agreementPdfText.between(input.parties.map((p) => p.name))}`,
  );
  paragraph(agreementMessages.notALease);
  doc.moveDown(0.5);
  for (const clause of input.clauses) {
    heading('H2', clause.title);
    paragraph(clause.text);
    if (clause.status === 'to-discuss') paragraph(agreementPdfText.toDiscuss(clause.difference), MUTED, 10);
    doc.moveDown(0.3);
  }

  doc.addPage();
  heading('H1', agreementPdfText.signaturesTitle);
  paragraph(agreementPdfText.signaturesIntro(input.version));
  paragraph(input.textHash, INK, 10);
  doc.moveDown(0.5);
  for (const party of input.parties) {
    heading('H2', party.name);
    const { signature } = party;
    if (signature) {
      paragraph(agreementPdfText.signedAs(signature.typedName, pdfTime(signature.signedAt)));
      paragraph(agreementPdfText.signatureOf(signature.version, signature.textHash), MUTED, 10);
    } else {
      paragraph(agreementPdfText.notSigned, MUTED);
    }
    doc.moveDown(0.3);
  }
  paragraph(
    input.signedByAllAt ? agreementPdfText.signedByAll(pdfTime(input.signedByAllAt)) : agreementPdfText.notSignedByAll,
  );
  paragraph(agreementMessages.notALease);
  root.end();
  doc.end();
  return done;
}
