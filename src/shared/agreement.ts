/**
 * Drafting a group's roommate agreement from its joined members' lifestyle answers (issue 34): one
 * clause per topic (agreement-clauses.ts). Where every member gave the same answer the clause is
 * filled in; where answers differ it is 'to discuss', with the difference in plain words and a
 * suggested middle; standing clauses (locking up, raising a problem, the money clauses of an
 * off-campus group) are proposed as written. The difference names the answers given, never who gave
 * which: the members read it together.
 */

import type { ClauseTemplate } from './agreement-clauses';
import type { AnswerMap, LifestyleQuestion } from './lifestyle-questions';

export { type AgreementConfig, activeClauses, type ClauseTemplate, DEFAULT_CLAUSES } from './agreement-clauses';

export const CLAUSE_STATUSES = ['agreed', 'to-discuss', 'standing'] as const;
export type ClauseStatus = (typeof CLAUSE_STATUSES)[number];
export const CLAUSE_STATUS_LABELS: Record<ClauseStatus, string> = {
  agreed: 'Agreed',
  'to-discuss': 'To discuss',
  standing: 'Proposed',
};

export interface DraftClause {
  key: string;
  title: string;
  status: ClauseStatus;
  /** The clause as drafted: filled in, the suggested middle, or the standing text. */
  text: string;
  /** 'To discuss' only: how the answers differ, in plain words. */
  difference?: string;
}

export interface DraftInput {
  /** The questions the deployment asks (activeQuestions). */
  questions: readonly LifestyleQuestion[];
  /** The clauses the deployment drafts (activeClauses). */
  clauses: readonly ClauseTemplate[];
  /** Each joined member's answers, and only theirs. */
  members: readonly AnswerMap[];
  /** The group rents off campus: the money clauses are drafted too. */
  offCampus: boolean;
}

/** 'a', 'a and b', 'a, b and c'. */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(first|last|middle)\}/g, (_, name: string) => values[name] ?? '');
}

function draftFromQuestion(template: ClauseTemplate, question: LifestyleQuestion, members: readonly AnswerMap[]) {
  const heading = { key: template.key, title: template.title };
  const given = members.map((m) => m.get(question.key)?.self).filter((s): s is string => s !== undefined);
  // Answers in the question's order, each once; an answer to an option since removed is left out.
  const order = question.options.map((o) => o.key);
  const distinct = order.filter((key) => given.includes(key));
  const labelOf = (key: string) => question.options.find((o) => o.key === key)?.label ?? key;
  const missing = given.length < members.length;

  if (distinct.length === 0) {
    return {
      ...heading,
      status: 'to-discuss' as const,
      text: template.text ?? '',
      difference: `None of you has answered the question on ${question.topic} yet.`,
    };
  }
  const [firstKey] = distinct;
  const lastKey = distinct[distinct.length - 1] ?? firstKey;
  if (distinct.length === 1 && firstKey !== undefined) {
    const text = template.agreed?.[firstKey] ?? template.text ?? `${capitalise(question.topic)}: ${labelOf(firstKey)}.`;
    if (!missing) return { ...heading, status: 'agreed' as const, text };
    return {
      ...heading,
      status: 'to-discuss' as const,
      text,
      difference: `Not all of you have answered the question on ${question.topic} yet.`,
    };
  }
  const firstIndex = order.indexOf(firstKey ?? '');
  const lastIndex = order.indexOf(lastKey ?? '');
  const middleKey = order[Math.floor((firstIndex + lastIndex) / 2)] ?? firstKey ?? '';
  const values = { first: labelOf(firstKey ?? ''), last: labelOf(lastKey ?? ''), middle: labelOf(middleKey) };
  const suggestion = template.suggestion ?? `We settle ${question.topic} between {first} and {last}.`;
  const notAll = missing ? ` Not all of you have answered yet.` : '';
  return {
    ...heading,
    status: 'to-discuss' as const,
    text: fill(suggestion, values),
    difference: `Your answers on ${question.topic} differ: ${listInWords(distinct.map(labelOf))}.${notAll}`,
  };
}

/** The draft: one clause per active clause that applies to the group, in the clauses' order. */
export function draftAgreement({ questions, clauses, members, offCampus }: DraftInput): DraftClause[] {
  const drafted: DraftClause[] = [];
  for (const template of clauses) {
    if (template.offCampusOnly && !offCampus) continue;
    const question = template.question ? questions.find((q) => q.key === template.question) : undefined;
    if (question) {
      drafted.push(draftFromQuestion(template, question, members));
    } else if (template.text !== undefined) {
      // A standing clause, or one whose question the college no longer asks.
      drafted.push({ key: template.key, title: template.title, status: 'standing', text: template.text });
    }
  }
  return drafted;
}
