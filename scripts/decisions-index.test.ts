/**
 * docs/decisions/README.md is the index of the decision records (issue 32): it must list every
 * record as the record itself names, dates and rates it, list nothing that is not a record, and
 * every record must follow docs/decisions/template.md. The real folder holds; copies of it with one
 * thing broken each show the check failing on exactly that.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDecisionRecords, statusLinks } from './lib/decision-records';

const decisions = path.resolve(import.meta.dirname, '../docs/decisions');
const copies: string[] = [];

/** A copy of docs/decisions to break. */
function copy(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'qm-decisions-'));
  cpSync(decisions, dir, { recursive: true });
  copies.push(dir);
  return dir;
}

function edit(dir: string, file: string, change: (text: string) => string): void {
  const at = path.join(dir, file);
  const before = readFileSync(at, 'utf8');
  const after = change(before);
  expect(after, `the edit of ${file} changed nothing`).not.toBe(before);
  writeFileSync(at, after);
}

afterEach(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the decision records and their index', () => {
  it('holds for docs/decisions as it is', () => {
    expect(checkDecisionRecords(decisions)).toEqual([]);
  });

  it('fails when a record is missing from the index', () => {
    const dir = copy();
    edit(dir, 'README.md', (text) =>
      text
        .split('\n')
        .filter((line) => !line.includes('(0007-mail-outbox-in-our-own-table.md)'))
        .join('\n'),
    );
    expect(checkDecisionRecords(dir)).toContain(
      '0007-mail-outbox-in-our-own-table.md is missing from the index (docs/decisions/README.md).',
    );
  });

  it('fails when a new record is added without an index entry', () => {
    const dir = copy();
    // The number after the newest record, so the case stays one whatever records are added.
    const newest = Math.max(...readdirSync(dir).map((name) => Number(/^(\d{4})-/.exec(name)?.[1] ?? 0)));
    const next = String(newest + 1).padStart(4, '0');
    const template = readFileSync(path.join(dir, 'template.md'), 'utf8')
      .replace('# NNNN What was decided, in a few words (issue N)', `# ${next} A record nobody indexed`)
      .replace('YYYY-MM-DD', '2026-11-28');
    writeFileSync(path.join(dir, `${next}-a-record-nobody-indexed.md`), template);
    expect(checkDecisionRecords(dir)).toEqual([
      `${next}-a-record-nobody-indexed.md is missing from the index (docs/decisions/README.md).`,
    ]);
  });

  it('fails when an index entry has no record', () => {
    const dir = copy();
    unlinkSync(path.join(dir, '0033-metrics-and-request-ids.md'));
    expect(checkDecisionRecords(dir)).toContain(
      'The index entry 0033 links to 0033-metrics-and-request-ids.md, which is not a record in docs/decisions.',
    );
  });

  it("fails when a record lacks one of the template's sections", () => {
    const dir = copy();
    edit(dir, '0001-server-runs-through-tsx.md', (text) =>
      text.replace('## Alternatives tried or weighed', '## What else we tried'),
    );
    expect(checkDecisionRecords(dir)).toEqual([
      "0001-server-runs-through-tsx.md lacks the template's section(s): '## Alternatives tried or weighed'.",
    ]);
  });

  it("fails when a record has the template's sections out of order", () => {
    const dir = copy();
    edit(dir, '0003-data-dir-lock.md', (text) =>
      text
        .replace('## Context', '## Consequences-to-be')
        .replace('## Consequences\n', '## Context\n')
        .replace('## Consequences-to-be', '## Consequences'),
    );
    expect(checkDecisionRecords(dir)).toEqual([
      "0003-data-dir-lock.md has the template's sections out of order or twice: Consequences, Decision, Alternatives tried or weighed, Context.",
    ]);
  });

  it("fails when the index's date or status is not the record's", () => {
    const dir = copy();
    edit(dir, '0005-ci-installs-with-npm-install.md', (text) =>
      text.replace('Date: 2026-11-21 · Status: accepted', 'Date: 2026-11-21 · Status: superseded'),
    );
    expect(checkDecisionRecords(dir)).toEqual([
      "The index gives 0005-ci-installs-with-npm-install.md the status 'accepted'; the record says 'superseded'.",
    ]);
  });

  it('fails when a record amends another that does not say so', () => {
    const dir = copy();
    // 0014 is amended by 0023 alone: its status and index entry lose the 'amended by'.
    edit(dir, '0014-saved-search-alerts.md', (text) => text.replace(/^(Date: \S+ · Status: accepted).*$/m, '$1'));
    edit(dir, 'README.md', (text) =>
      text.replace(
        /(\[Saved searches and alerts: [^\n]*\| 2026-11-23 \| )accepted; amended by [^|]*\|/,
        '$1accepted |',
      ),
    );
    expect(checkDecisionRecords(dir)).toEqual([
      "0023-private-data-dir-redacted-logs-hidden-postings-and-dated-links.md amends 0014, but 0014-saved-search-alerts.md's status does not say 'amended by 0023'.",
    ]);
  });

  it('reads what a status amends and what amends it', () => {
    expect(
      statusLinks(
        'accepted; amends [0017](0017-a.md) and [0019](0019-b.md) (why); amended by [0030](0030-c.md) (the scripts)',
      ),
    ).toEqual({ amends: ['0017', '0019'], amendedBy: ['0030'] });
    expect(statusLinks('accepted')).toEqual({ amends: [], amendedBy: [] });
  });
});
