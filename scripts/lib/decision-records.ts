/**
 * What keeps docs/decisions/README.md true (issue 32): every record listed, every entry a record,
 * each record on the template's sections, the index saying what the record says, and a record that
 * amends another named by it in return. Returns one sentence per problem; none means the index holds.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const RECORD_FILE = /^(\d{4})-[a-z0-9-]+\.md$/;
const INDEX_ROW = /^\|\s*(\d{4})\s*\|\s*\[(.+)\]\(([^)]+)\)\s*\|\s*(\S+)\s*\|\s*(.+?)\s*\|$/;
const TITLE_LINE = /^# (\d{4}) (.+)$/;
const DATE_LINE = /^Date: (\d{4}-\d{2}-\d{2}) · Status: (.+)$/;

interface DecisionRecord {
  file: string;
  number: string;
  title: string;
  date: string;
  status: string;
}

/** The `## ` headings of a Markdown text, outside fenced code, in order. */
function sectionHeadings(text: string): string[] {
  const headings: string[] = [];
  let inCode = false;
  for (const line of text.split('\n')) {
    if (line.trimStart().startsWith('```')) inCode = !inCode;
    else if (!inCode && line.startsWith('## ')) headings.push(line.slice(3).trim());
  }
  return headings;
}

/** The record numbers a status names after `amends` and after `amended by`. */
export function statusLinks(status: string): { amends: string[]; amendedBy: string[] } {
  const numbers = (text: string | undefined) => [...(text ?? '').matchAll(/\[(\d{4})\]\(/g)].map((m) => m[1] as string);
  const amendedAt = status.indexOf('amended by');
  const amendsAt = status.indexOf('amends');
  const amendsText = amendsAt === -1 ? undefined : status.slice(amendsAt, amendedAt > amendsAt ? amendedAt : undefined);
  const amendedText = amendedAt === -1 ? undefined : status.slice(amendedAt);
  return { amends: numbers(amendsText), amendedBy: numbers(amendedText) };
}

function readRecord(dir: string, file: string, required: string[], problems: string[]): DecisionRecord | undefined {
  const number = RECORD_FILE.exec(file)?.[1] as string;
  const lines = readFileSync(path.join(dir, file), 'utf8').split('\n');
  const title = TITLE_LINE.exec(lines[0] ?? '');
  const dated = DATE_LINE.exec(lines.find((line, i) => i > 0 && line.trim() !== '') ?? '');
  if (!title || title[1] !== number) {
    problems.push(`${file} does not start with '# ${number} <what was decided>'.`);
    return undefined;
  }
  if (!dated) {
    problems.push(`${file} has no 'Date: YYYY-MM-DD · Status: ...' line under its title.`);
    return undefined;
  }
  // The template's sections, each once and in its order; a record may add sections of its own.
  const headings = sectionHeadings(lines.join('\n')).filter((heading) => required.includes(heading));
  const missing = required.filter((heading) => !headings.includes(heading));
  if (missing.length > 0) {
    problems.push(`${file} lacks the template's section(s): ${missing.map((h) => `'## ${h}'`).join(', ')}.`);
  } else if (headings.join('\n') !== required.join('\n')) {
    problems.push(`${file} has the template's sections out of order or twice: ${headings.join(', ')}.`);
  }
  return { file, number, title: title[2] as string, date: dated[1] as string, status: dated[2] as string };
}

export function checkDecisionRecords(dir: string): string[] {
  const problems: string[] = [];
  const required = sectionHeadings(readFileSync(path.join(dir, 'template.md'), 'utf8'));
  if (required.length === 0) problems.push('template.md names no sections.');

  const records = new Map<string, DecisionRecord>();
  const files = readdirSync(dir)
    .filter((file) => RECORD_FILE.test(file))
    .sort();
  for (const file of files) {
    const record = readRecord(dir, file, required, problems);
    if (!record) continue;
    const same = [...records.values()].find((other) => other.number === record.number);
    if (same) problems.push(`${file} and ${same.file} share the number ${record.number}.`);
    records.set(file, record);
  }
  // Numbers run from 0001 with none skipped: a new record takes the next one.
  const numbers = new Set(files.map((file) => Number(file.slice(0, 4))));
  for (let number = 1; number <= Math.max(0, ...numbers); number += 1) {
    if (!numbers.has(number)) problems.push(`No record has the number ${String(number).padStart(4, '0')}.`);
  }

  const indexed = new Set<string>();
  const indexLines = readFileSync(path.join(dir, 'README.md'), 'utf8').split('\n');
  for (const line of indexLines.filter((l) => /^\|\s*\d{4}\s*\|/.test(l))) {
    const row = INDEX_ROW.exec(line.trim());
    if (!row) {
      problems.push(`The index row '${line.slice(0, 40)}...' is not '| NNNN | [title](file) | date | status |'.`);
      continue;
    }
    const [, number, title, file, date, status] = row as unknown as string[];
    if (indexed.has(file as string)) problems.push(`The index lists ${file} twice.`);
    indexed.add(file as string);
    if (!RECORD_FILE.test(file as string) || !existsSync(path.join(dir, file as string))) {
      problems.push(`The index entry ${number} links to ${file}, which is not a record in docs/decisions.`);
      continue;
    }
    const record = records.get(file as string);
    if (!record) continue;
    if (record.number !== number) problems.push(`The index gives ${file} the number ${number}.`);
    if (record.title !== title) problems.push(`The index names ${file} '${title}'; the record says '${record.title}'.`);
    if (record.date !== date) problems.push(`The index dates ${file} ${date}; the record says ${record.date}.`);
    if (record.status !== status) {
      problems.push(`The index gives ${file} the status '${status}'; the record says '${record.status}'.`);
    }
  }
  for (const file of files) {
    if (!indexed.has(file)) problems.push(`${file} is missing from the index (docs/decisions/README.md).`);
  }

  // A record that amends another is named in that one's status, and the reverse.
  const byNumber = new Map([...records.values()].map((record) => [record.number, record]));
  for (const record of records.values()) {
    const links = statusLinks(record.status);
    for (const target of links.amends) {
      const other = byNumber.get(target);
      if (!other) problems.push(`${record.file} amends ${target}, which is no record.`);
      else if (!statusLinks(other.status).amendedBy.includes(record.number)) {
        problems.push(
          `${record.file} amends ${target}, but ${other.file}'s status does not say 'amended by ${record.number}'.`,
        );
      }
    }
    for (const source of links.amendedBy) {
      const other = byNumber.get(source);
      if (!other) problems.push(`${record.file} is amended by ${source}, which is no record.`);
      else if (!statusLinks(other.status).amends.includes(record.number)) {
        problems.push(
          `${record.file} is amended by ${source}, but ${other.file}'s status does not say it amends ${record.number}.`,
        );
      }
    }
  }
  return problems;
}
