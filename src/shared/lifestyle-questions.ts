/**
 * The lifestyle questionnaire (issue 13, docs/decisions/0015): the questions the profile asks, the
 * importance a student gives each, a college's changes to the defaults, and the shape of an answer.
 * The fit that scores the answers is in lifestyle.ts.
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

interface LifestyleOption {
  key: string;
  label: string;
}

export interface LifestyleQuestion {
  /** Stable key stored with each answer. */
  key: string;
  /** What the question is about, in a sentence: 'Evelyn's answer on {topic} is not one you can live with.' */
  topic: string;
  /** 'What I am'. */
  prompt: string;
  /** 'What I can live with'. */
  livePrompt: string;
  options: LifestyleOption[];
}

/** The questions housing offices ask (RoomSync, StarRez); a college may remove or add some. */
export const DEFAULT_QUESTIONS: readonly LifestyleQuestion[] = [
  {
    key: 'bedtime',
    topic: 'bedtime',
    prompt: 'When do you usually turn the lights out?',
    livePrompt: 'Which bedtimes could you live with in a roommate?',
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
