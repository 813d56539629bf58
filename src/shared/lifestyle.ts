/**
 * The group fit of the lifestyle questionnaire (issue 13, docs/decisions/0015), for both sides: the
 * pure scoring that turns two students' answers into a band and plain sentences, and the answers'
 * storage form. The server runs the scoring (the browser never receives another student's answers);
 * the SQL of 'Best fit' computes the same sums. The questions and the shape of an answer are in
 * lifestyle-questions.ts.
 *
 * The model, per question both students answered, in both directions:
 *   does what A is suit what B can live with?  counts with B's weight;
 *   does what B is suit what A can live with?  counts with A's weight.
 * Weights: doesn't matter 0, somewhat 1, very 3. The fit is the share of weight that agrees,
 * pooled over every member of the group who has answers in common with the student. A 'very'
 * important question where the other's answer is not one the student can live with is a
 * dealbreaker: the band is then 'Big differences' whatever the share.
 */

// The questionnaire lives in a module of its own (it changes when the questions do, the fit when the
// model does); the fit's callers read both from here.
export * from './lifestyle-questions';

import {
  type AnswerMap,
  IMPORTANCE_WEIGHTS,
  IMPORTANCES,
  type LifestyleAnswer,
  type LifestyleQuestion,
} from './lifestyle-questions';

// The bands live in a module of their own, so cards can name one without loading the questions.
export { BANDS, type Band } from './lifestyle-bands';

import type { Band } from './lifestyle-bands';

/** The share of agreeing weight where each band starts (checked from the top). */
const BAND_THRESHOLDS = { great: 0.85, good: 0.65, some: 0.4 } as const;

/** The weights of a pair or a group: how much agrees out of how much counts, and any dealbreaker. */
export interface FitSums {
  agreed: number;
  total: number;
  dealbreaker: boolean;
}

/** The band of pooled sums. Nothing weighed (nobody minds anything) is a great fit. */
export function bandOf({ agreed, total, dealbreaker }: FitSums): Band {
  if (dealbreaker) return 'big';
  const share = total === 0 ? 1 : agreed / total;
  if (share >= BAND_THRESHOLDS.great) return 'great';
  if (share >= BAND_THRESHOLDS.good) return 'good';
  if (share >= BAND_THRESHOLDS.some) return 'some';
  return 'big';
}

/** How one question went between two students. */
interface QuestionComparison {
  question: LifestyleQuestion;
  a: LifestyleAnswer;
  b: LifestyleAnswer;
  /** B can live with what A is. */
  bAcceptsA: boolean;
  /** A can live with what B is. */
  aAcceptsB: boolean;
}

export interface PairFit extends FitSums {
  /** Questions both answered, in questionnaire order. */
  compared: QuestionComparison[];
}

/** Compares A and B on every question both answered (the others are skipped). */
export function pairFit(a: AnswerMap, b: AnswerMap, questions: readonly LifestyleQuestion[]): PairFit {
  let agreed = 0;
  let total = 0;
  let dealbreaker = false;
  const compared: QuestionComparison[] = [];
  for (const question of questions) {
    const answerA = a.get(question.key);
    const answerB = b.get(question.key);
    if (!answerA || !answerB) continue;
    const bAcceptsA = answerB.accept.includes(answerA.self);
    const aAcceptsB = answerA.accept.includes(answerB.self);
    const weightB = IMPORTANCE_WEIGHTS[answerB.importance];
    const weightA = IMPORTANCE_WEIGHTS[answerA.importance];
    total += weightA + weightB;
    if (bAcceptsA) agreed += weightB;
    if (aAcceptsB) agreed += weightA;
    if ((!bAcceptsA && answerB.importance === 'very') || (!aAcceptsB && answerA.importance === 'very')) {
      dealbreaker = true;
    }
    compared.push({ question, a: answerA, b: answerB, bAcceptsA, aAcceptsB });
  }
  return { agreed, total, dealbreaker, compared };
}

/** Sums of several pairs: the group's fit. */
export function pool(pairs: readonly FitSums[]): FitSums {
  return pairs.reduce(
    (sum, pair) => ({
      agreed: sum.agreed + pair.agreed,
      total: sum.total + pair.total,
      dealbreaker: sum.dealbreaker || pair.dealbreaker,
    }),
    { agreed: 0, total: 0, dealbreaker: false },
  );
}

/* ---------- explaining ---------- */

/** Who a sentence is about: a name, or the reader ('you'). */
export interface Person {
  name: string;
  isYou: boolean;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const subject = (p: Person) => (p.isYou ? 'you' : p.name);
const possessive = (p: Person) => (p.isYou ? 'your' : `${p.name}'s`);

/*
 * The sentences name a topic and who minds it, never an answer (issue 30): not the other
 * student's, and not the reader's either, so that what a student's profile previews is exactly
 * what others read. A direction ("goes to bed earlier") is left out too: with three or four
 * options and the reader's own answer in mind, it would often tell the answer.
 */

/** '{Other's} answer on {topic} is not one {minds} can live with[, and {minds} marked {topic} as very important].' */
function differenceSentence(q: LifestyleQuestion, minds: Person, answer: LifestyleAnswer, other: Person) {
  const sentence = `${capitalise(possessive(other))} answer on ${q.topic} is not one ${subject(minds)} can live with`;
  if (answer.importance === 'very') {
    return `${sentence}, and ${subject(minds)} marked ${q.topic} as very important.`;
  }
  return `${sentence}.`;
}

/** Who sees what of a student's answers, in words the questionnaire shows (exactly what the API answers). */
export const FIT_SHOWS =
  'Who sees what: a student who looks at a group you are in sees how their habits fit with yours, and the admins of a group you ping see how yours fit with each member’s. A fit is a band and, for each question both of you answered, whether each can live with the other’s answer and whether it is very important to them. Your answers themselves are shown to no one, but in a group you have joined, its roommate agreement tells its members where the group’s answers differ: the answers given, never who gave which (in a group of two, the other can tell yours from theirs).';

/** The profile's preview of what other students read (fitPreview). */
export const FIT_PREVIEW = {
  summary: 'Preview what other students see',
  intro: (name: string) =>
    `A student whose habits differ from every answer you gave would read this about ${name}, beside a band:`,
} as const;

export interface PairReasons {
  /** Where both can live with what the other is (and at least one of them minds). */
  agreements: string[];
  /** Where one cannot live with what the other is, most important first. */
  differences: string[];
}

/** The reasons of a pair, in plain sentences naming the topic and who, never an answer. */
export function explainPair(fit: PairFit, a: Person, b: Person): PairReasons {
  const agreements: string[] = [];
  const differences: { weight: number; text: string }[] = [];
  for (const c of fit.compared) {
    const weightA = IMPORTANCE_WEIGHTS[c.a.importance];
    const weightB = IMPORTANCE_WEIGHTS[c.b.importance];
    if (c.aAcceptsB && c.bAcceptsA) {
      if (weightA + weightB === 0) continue;
      agreements.push(
        `${capitalise(subject(a))} and ${subject(b)} can live with each other's answers on ${c.question.topic}.`,
      );
      continue;
    }
    if (!c.bAcceptsA && weightB > 0) {
      differences.push({ weight: weightB, text: differenceSentence(c.question, b, c.b, a) });
    }
    if (!c.aAcceptsB && weightA > 0) {
      differences.push({ weight: weightA, text: differenceSentence(c.question, a, c.a, b) });
    }
  }
  differences.sort((x, y) => y.weight - x.weight);
  return { agreements, differences: differences.map((d) => d.text) };
}

/**
 * What another student reads about `person` (the profile's preview): the reasons of a student whose
 * habits differ from every answer `person` gave, and who cannot live with any of them, computed by
 * the same fit as the real thing. A question `person` does not mind shows only the reader's side.
 */
export function fitPreview(person: string, answers: AnswerMap, questions: readonly LifestyleQuestion[]): PairReasons {
  const reader = new Map<string, LifestyleAnswer>();
  for (const question of questions) {
    const answer = answers.get(question.key);
    if (!answer) continue;
    const unwelcome = question.options.find((o) => !answer.accept.includes(o.key)) ?? question.options[0];
    const others = question.options.filter((o) => o.key !== answer.self).map((o) => o.key);
    if (!unwelcome) continue;
    reader.set(question.key, { question: question.key, self: unwelcome.key, accept: others, importance: 'somewhat' });
  }
  return explainPair(pairFit(reader, answers, questions), { name: 'you', isYou: true }, { name: person, isYou: false });
}

/* ---------- the group ---------- */

/** A member of a posting's group as the fit sees them: answers, or none (skipped). */
export interface GroupMemberInput {
  name: string;
  role: 'admin' | 'member';
  /** null: no account, or an account without answers. */
  answers: AnswerMap | null;
  /** When the reader is this member (the admin reading a ping). */
  isYou?: boolean;
}

export type MemberFit =
  | ({ name: string; role: 'admin' | 'member'; band: Band } & PairReasons)
  | { name: string; role: 'admin' | 'member'; band: null; skipped: string };

export interface GroupFitResult {
  /** null when nobody in the group could be compared. */
  band: Band | null;
  members: MemberFit[];
}

export const SKIPPED_NO_PROFILE = 'has not filled a lifestyle profile yet, so they are not part of this fit.';
export const SKIPPED_NOTHING_SHARED =
  'has not answered any of the same questions yet, so they are not part of this fit.';

/**
 * The fit of one student with every member of a group: each member compared both ways, the band
 * from the pooled sums. `student` is the one who would join (the reader on a detail view; the
 * pinging student when an admin reads their inbox).
 */
export function groupFit(
  student: { person: Person; answers: AnswerMap },
  members: readonly GroupMemberInput[],
  questions: readonly LifestyleQuestion[],
): GroupFitResult {
  const pairs: FitSums[] = [];
  const results: MemberFit[] = members.map((member) => {
    const person: Person = { name: member.name, isYou: member.isYou ?? false };
    if (!member.answers || member.answers.size === 0) {
      return { name: member.name, role: member.role, band: null, skipped: SKIPPED_NO_PROFILE };
    }
    const fit = pairFit(student.answers, member.answers, questions);
    if (fit.compared.length === 0) {
      return { name: member.name, role: member.role, band: null, skipped: SKIPPED_NOTHING_SHARED };
    }
    pairs.push(fit);
    return { name: member.name, role: member.role, band: bandOf(fit), ...explainPair(fit, student.person, person) };
  });
  return { band: pairs.length === 0 ? null : bandOf(pool(pairs)), members: results };
}

/* ---------- storage form ---------- */

/** An answer as the database keeps it: the option's index, a bit mask of acceptable options, 0-2. */
export interface StoredAnswer {
  question: string;
  self: number;
  accept: number;
  importance: number;
}

export function toStored(answer: LifestyleAnswer, question: LifestyleQuestion): StoredAnswer {
  const index = (key: string) => question.options.findIndex((o) => o.key === key);
  return {
    question: answer.question,
    self: index(answer.self),
    accept: answer.accept.reduce((mask, key) => mask | (1 << index(key)), 0),
    importance: IMPORTANCES.indexOf(answer.importance),
  };
}

/** Back from storage; an answer to a question no longer asked, or to a removed option, is null. */
export function fromStored(stored: StoredAnswer, questions: readonly LifestyleQuestion[]): LifestyleAnswer | null {
  const question = questions.find((q) => q.key === stored.question);
  const self = question?.options[stored.self];
  const importance = IMPORTANCES[stored.importance];
  if (!question || !self || !importance) return null;
  const accept = question.options.filter((_, i) => (stored.accept & (1 << i)) !== 0).map((o) => o.key);
  if (accept.length === 0) return null;
  return { question: question.key, self: self.key, accept, importance };
}
