/**
 * The lifestyle questionnaire and the group fit (issue 13, docs/decisions/0015). One module for
 * both sides: the questions the profile asks, the shape of an answer, and the pure scoring that
 * turns two students' answers into a band and plain sentences. The server runs the scoring (the
 * browser never receives another student's answers); the SQL of 'Best fit' computes the same sums.
 *
 * The model, per question both students answered, in both directions:
 *   does what A is suit what B can live with?  counts with B's weight;
 *   does what B is suit what A can live with?  counts with A's weight.
 * Weights: doesn't matter 0, somewhat 1, very 3. The fit is the share of weight that agrees,
 * pooled over every member of the group who has answers in common with the student. A 'very'
 * important question where the other's answer is not one the student can live with is a
 * dealbreaker: the band is then 'Big differences' whatever the share.
 */

export const IMPORTANCES = ['none', 'somewhat', 'very'] as const;
export type Importance = (typeof IMPORTANCES)[number];
export const IMPORTANCE_LABELS: Record<Importance, string> = {
  none: "Doesn't matter",
  somewhat: 'Somewhat',
  very: 'Very',
};
/** How much a direction counts, by the importance of the student whose tolerance it tests. */
export const IMPORTANCE_WEIGHTS: Record<Importance, number> = { none: 0, somewhat: 1, very: 3 };

/** At most this many options per question: acceptable answers are stored as a bit mask. */
export const MAX_OPTIONS = 8;

export interface LifestyleOption {
  key: string;
  label: string;
}

export interface LifestyleQuestion {
  /** Stable key stored with each answer. */
  key: string;
  /** What the question is about, in a sentence: 'You and Evelyn agree on {topic}.' */
  topic: string;
  /** 'What I am'. */
  prompt: string;
  /** 'What I can live with'. */
  livePrompt: string;
  /** Third person before an answer's label: 'Evelyn {they} before 11 pm'. */
  they: string;
  /** Second person: 'You {you} before 11 pm'. */
  you: string;
  options: LifestyleOption[];
}

/** The questions housing offices ask (RoomSync, StarRez); a college may remove or add some. */
export const DEFAULT_QUESTIONS: readonly LifestyleQuestion[] = [
  {
    key: 'bedtime',
    topic: 'bedtime',
    prompt: 'When do you usually turn the lights out?',
    livePrompt: 'Which bedtimes could you live with in a roommate?',
    they: 'prefers lights out',
    you: 'prefer lights out',
    options: [
      { key: 'before-11', label: 'before 11 pm' },
      { key: '11-to-12', label: 'between 11 pm and midnight' },
      { key: '12-to-1', label: 'between midnight and 1 am' },
      { key: 'after-1', label: 'after 1 am' },
    ],
  },
  {
    key: 'wake',
    topic: 'waking up',
    prompt: 'When do you usually get up on weekdays?',
    livePrompt: 'Which wake-up times could you live with?',
    they: 'gets up',
    you: 'get up',
    options: [
      { key: 'before-7', label: 'before 7 am' },
      { key: '7-to-9', label: 'between 7 and 9 am' },
      { key: '9-to-11', label: 'between 9 and 11 am' },
      { key: 'after-11', label: 'after 11 am' },
    ],
  },
  {
    key: 'cleanliness',
    topic: 'keeping the room tidy',
    prompt: 'How do you keep your space?',
    livePrompt: 'Which could you live with?',
    they: 'keeps their space',
    you: 'keep your space',
    options: [
      { key: 'spotless', label: 'spotless' },
      { key: 'tidy', label: 'tidy' },
      { key: 'lived-in', label: 'lived-in' },
      { key: 'messy', label: 'messy' },
    ],
  },
  {
    key: 'noise',
    topic: 'noise in the room',
    prompt: 'How much noise do you make or like in the room?',
    livePrompt: 'Which noise levels could you live with?',
    they: 'likes the room',
    you: 'like the room',
    options: [
      { key: 'quiet', label: 'quiet' },
      { key: 'some', label: 'with some music and talk' },
      { key: 'lively', label: 'lively and loud' },
    ],
  },
  {
    key: 'guests',
    topic: 'guests',
    prompt: 'How often do you have guests over?',
    livePrompt: 'How often could a roommate have guests?',
    they: 'has guests over',
    you: 'have guests over',
    options: [
      { key: 'rarely', label: 'rarely' },
      { key: 'weekends', label: 'on weekends' },
      { key: 'often', label: 'several times a week' },
      { key: 'overnight', label: 'often, overnight too' },
    ],
  },
  {
    key: 'study',
    topic: 'studying in the room',
    prompt: 'Where do you study?',
    livePrompt: 'Which could you live with in a roommate?',
    they: 'studies',
    you: 'study',
    options: [
      { key: 'elsewhere', label: 'mostly outside the room' },
      { key: 'sometimes', label: 'in the room sometimes' },
      { key: 'room', label: 'in the room, needing quiet' },
    ],
  },
  {
    key: 'smoking',
    topic: 'smoking and vaping',
    prompt: 'Do you smoke or vape?',
    livePrompt: 'Which could you live with?',
    they: 'prefers',
    you: 'prefer',
    options: [
      { key: 'never', label: 'no smoking or vaping' },
      { key: 'outside', label: 'smoking or vaping outside only' },
      { key: 'inside', label: 'smoking or vaping indoors' },
    ],
  },
  {
    key: 'alcohol',
    topic: 'alcohol in the room',
    prompt: 'How do you feel about alcohol in the room?',
    livePrompt: 'Which could you live with?',
    they: 'prefers',
    you: 'prefer',
    options: [
      { key: 'none', label: 'no alcohol in the room' },
      { key: 'occasional', label: 'an occasional drink in the room' },
      { key: 'social', label: 'drinks with friends in the room' },
    ],
  },
  {
    key: 'sharing',
    topic: 'sharing food and things',
    prompt: 'How do you feel about sharing food and things?',
    livePrompt: 'Which could you live with?',
    they: 'prefers',
    you: 'prefer',
    options: [
      { key: 'ask', label: 'asking before borrowing anything' },
      { key: 'basics', label: 'sharing the basics' },
      { key: 'everything', label: 'sharing almost everything' },
    ],
  },
  {
    key: 'temperature',
    topic: 'the room temperature',
    prompt: 'How do you like the room temperature?',
    livePrompt: 'Which could you live with?',
    they: 'likes the room',
    you: 'like the room',
    options: [
      { key: 'cool', label: 'cool' },
      { key: 'mild', label: 'mild' },
      { key: 'warm', label: 'warm' },
    ],
  },
  {
    key: 'social',
    topic: 'how social the room is',
    prompt: 'How social should the room be?',
    livePrompt: 'Which could you live with?',
    they: 'wants the room to be',
    you: 'want the room to be',
    options: [
      { key: 'retreat', label: 'a quiet retreat' },
      { key: 'friendly', label: 'friendly, with some time together' },
      { key: 'hub', label: 'the social hub' },
    ],
  },
];

/** The college config's changes to the default questions (config/college.json `lifestyle`). */
export interface LifestyleConfig {
  removeQuestions?: string[];
  addQuestions?: LifestyleQuestion[];
}

/** The questions a deployment asks: the defaults, less those removed, plus those added. */
export function activeQuestions(config: LifestyleConfig | undefined): LifestyleQuestion[] {
  const removed = new Set(config?.removeQuestions ?? []);
  return [...DEFAULT_QUESTIONS.filter((q) => !removed.has(q.key)), ...(config?.addQuestions ?? [])];
}

/** One answer as the student gives it (and reads it back on their own profile only). */
export interface LifestyleAnswer {
  question: string;
  /** 'What I am': one option key. */
  self: string;
  /** 'What I can live with': option keys, at least one. */
  accept: string[];
  importance: Importance;
}

/** Answers by question key. */
export type AnswerMap = ReadonlyMap<string, LifestyleAnswer>;

export const toAnswerMap = (answers: readonly LifestyleAnswer[]): AnswerMap =>
  new Map(answers.map((a) => [a.question, a]));

/* ---------- scoring ---------- */

// The bands live in a module of their own, so cards can name one without loading the questions.
export { BAND_LABELS, BANDS, type Band } from './lifestyle-bands';

import type { Band } from './lifestyle-bands';

/** The share of agreeing weight where each band starts (checked from the top). */
export const BAND_THRESHOLDS = { great: 0.85, good: 0.65, some: 0.4 } as const;

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
export interface QuestionComparison {
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

const labelOf = (question: LifestyleQuestion, key: string) => question.options.find((o) => o.key === key)?.label ?? key;
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const subject = (p: Person) => (p.isYou ? 'you' : p.name);

/** '{Who} {prefers lights out} {before 11 pm}; {other} marked {after 1 am}.' */
function differenceSentence(
  q: LifestyleQuestion,
  minds: Person,
  answer: LifestyleAnswer,
  other: Person,
  otherAnswer: LifestyleAnswer,
) {
  const verb = minds.isYou ? q.you : q.they;
  const sentence = `${capitalise(subject(minds))} ${verb} ${labelOf(q, answer.self)}; ${subject(other)} marked ${labelOf(
    q,
    otherAnswer.self,
  )}`;
  if (answer.importance === 'very') {
    return `${sentence}, and ${subject(minds)} marked ${q.topic} as very important.`;
  }
  return `${sentence}.`;
}

export interface PairReasons {
  /** Where both can live with what the other is (and at least one of them minds). */
  agreements: string[];
  /** Where one cannot live with what the other is, most important first. */
  differences: string[];
}

/** The reasons of a pair, in plain sentences naming the topic and who. */
export function explainPair(fit: PairFit, a: Person, b: Person): PairReasons {
  const agreements: string[] = [];
  const differences: { weight: number; text: string }[] = [];
  for (const c of fit.compared) {
    const weightA = IMPORTANCE_WEIGHTS[c.a.importance];
    const weightB = IMPORTANCE_WEIGHTS[c.b.importance];
    if (c.aAcceptsB && c.bAcceptsA) {
      if (weightA + weightB === 0) continue;
      agreements.push(
        c.a.self === c.b.self
          ? `${capitalise(subject(a))} and ${subject(b)} both marked ${labelOf(c.question, c.a.self)} (${c.question.topic}).`
          : `${capitalise(subject(a))} and ${subject(b)} can live with each other's answers on ${c.question.topic}.`,
      );
      continue;
    }
    if (!c.bAcceptsA && weightB > 0) {
      differences.push({ weight: weightB, text: differenceSentence(c.question, b, c.b, a, c.a) });
    }
    if (!c.aAcceptsB && weightA > 0) {
      differences.push({ weight: weightA, text: differenceSentence(c.question, a, c.a, b, c.b) });
    }
  }
  differences.sort((x, y) => y.weight - x.weight);
  return { agreements, differences: differences.map((d) => d.text) };
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
