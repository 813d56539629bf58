import { describe, expect, it } from 'vitest';
import {
  activeQuestions,
  bandOf,
  DEFAULT_QUESTIONS,
  explainPair,
  FIT_SHOWS,
  fitPreview,
  fromStored,
  groupFit,
  type Importance,
  type LifestyleAnswer,
  pairFit,
  pool,
  SKIPPED_NO_PROFILE,
  SKIPPED_NOTHING_SHARED,
  toAnswerMap,
  toStored,
} from './lifestyle';
import { lifestyleAnswersSchema } from './schemas/lifestyle';

const questions = DEFAULT_QUESTIONS;
const all = (question: string) => questions.find((q) => q.key === question)?.options.map((o) => o.key) ?? [];
const answer = (question: string, self: string, accept: string[] | 'all', importance: Importance): LifestyleAnswer => ({
  question,
  self,
  accept: accept === 'all' ? all(question) : accept,
  importance,
});
const you = { name: 'Sam', isYou: true };
const evelyn = { name: 'Evelyn', isYou: false };

describe('pairFit', () => {
  it('gives the same sums whichever student comes first', () => {
    const a = toAnswerMap([answer('bedtime', 'before-11', ['before-11'], 'somewhat')]);
    const b = toAnswerMap([answer('bedtime', 'after-1', ['before-11', 'after-1'], 'somewhat')]);
    // b can live with a (+1 of 1); a cannot live with b (+0 of 1).
    const ab = pairFit(a, b, questions);
    const ba = pairFit(b, a, questions);
    expect([ab.agreed, ab.total, ab.dealbreaker]).toEqual([1, 2, false]);
    expect([ba.agreed, ba.total, ba.dealbreaker]).toEqual([1, 2, false]);
    expect(bandOf(ab)).toBe('some'); // 1/2 = 0.5
  });

  it('is a great fit between two identical profiles', () => {
    const answers = [
      answer('bedtime', '11-to-12', ['before-11', '11-to-12'], 'somewhat'),
      answer('cleanliness', 'tidy', ['spotless', 'tidy'], 'very'),
    ];
    const fit = pairFit(toAnswerMap(answers), toAnswerMap(answers), questions);
    // bedtime 1 + 1, cleanliness 3 + 3.
    expect([fit.agreed, fit.total, fit.dealbreaker]).toEqual([8, 8, false]);
    expect(bandOf(fit)).toBe('great');
  });

  it('weighs each direction by the importance of the student who has to live with it', () => {
    const b = toAnswerMap([
      answer('bedtime', '12-to-1', 'all', 'none'),
      answer('cleanliness', 'spotless', ['spotless', 'tidy'], 'somewhat'),
    ]);
    const aCaring = toAnswerMap([
      answer('bedtime', 'before-11', ['before-11'], 'somewhat'),
      answer('cleanliness', 'tidy', ['tidy', 'spotless'], 'very'),
    ]);
    // bedtime: b accepts a with weight 0, a rejects b with weight 1 -> 0 of 1.
    // cleanliness: b accepts a (+1 of 1), a accepts b (+3 of 3) -> 4 of 4. Total 4 of 5 = 0.8.
    const caring = pairFit(aCaring, b, questions);
    expect([caring.agreed, caring.total]).toEqual([4, 5]);
    expect(bandOf(caring)).toBe('good');
    // The same answers, but a does not mind cleanliness: 1 of 2 = 0.5.
    const aRelaxed = toAnswerMap([
      answer('bedtime', 'before-11', ['before-11'], 'somewhat'),
      answer('cleanliness', 'tidy', ['tidy', 'spotless'], 'none'),
    ]);
    const relaxed = pairFit(aRelaxed, b, questions);
    expect([relaxed.agreed, relaxed.total]).toEqual([1, 2]);
    expect(bandOf(relaxed)).toBe('some');
  });

  it('makes a very important answer the other cannot live with a dealbreaker, whatever the share', () => {
    const a = toAnswerMap([
      answer('bedtime', 'before-11', ['before-11'], 'very'),
      answer('temperature', 'cool', ['cool'], 'very'),
      answer('smoking', 'never', ['never'], 'very'),
    ]);
    const b = toAnswerMap([
      answer('bedtime', 'before-11', ['before-11'], 'very'),
      answer('temperature', 'cool', ['cool', 'mild'], 'very'),
      answer('smoking', 'inside', 'all', 'somewhat'),
    ]);
    // bedtime 3 + 3, temperature 3 + 3, smoking: b accepts a (+1 of 1), a rejects b (0 of 3): 13 of 16.
    const fit = pairFit(a, b, questions);
    expect([fit.agreed, fit.total, fit.dealbreaker]).toEqual([13, 16, true]);
    expect(bandOf({ ...fit, dealbreaker: false })).toBe('good'); // 0.8125 on its own
    expect(bandOf(fit)).toBe('big');
    expect(explainPair(fit, you, evelyn).differences).toEqual([
      "Evelyn's answer on smoking and vaping is not one you can live with, and you marked smoking and vaping as very important.",
    ]);
  });

  it('skips questions either student left unanswered', () => {
    const a = toAnswerMap([
      answer('bedtime', 'after-1', ['after-1'], 'somewhat'),
      answer('noise', 'quiet', ['quiet'], 'very'),
    ]);
    const b = toAnswerMap([
      answer('bedtime', 'before-11', ['before-11'], 'somewhat'),
      answer('guests', 'often', ['often'], 'very'),
    ]);
    const fit = pairFit(a, b, questions);
    expect(fit.compared.map((c) => c.question.key)).toEqual(['bedtime']);
    expect([fit.agreed, fit.total, fit.dealbreaker]).toEqual([0, 2, false]);
    expect(bandOf(fit)).toBe('big');
  });

  it('counts nothing when neither student minds, which is a great fit', () => {
    const a = toAnswerMap([answer('noise', 'lively', ['lively'], 'none')]);
    const b = toAnswerMap([answer('noise', 'quiet', ['quiet'], 'none')]);
    const fit = pairFit(a, b, questions);
    expect([fit.agreed, fit.total]).toEqual([0, 0]);
    expect(bandOf(fit)).toBe('great');
    expect(explainPair(fit, you, evelyn)).toEqual({ agreements: [], differences: [] });
  });
});

describe('explainPair', () => {
  it('names the topic and the member in plain sentences, agreements and differences apart, and never an answer', () => {
    const me = toAnswerMap([
      answer('bedtime', 'after-1', ['12-to-1', 'after-1'], 'somewhat'),
      answer('cleanliness', 'tidy', ['tidy'], 'somewhat'),
      answer('temperature', 'mild', ['mild', 'warm'], 'somewhat'),
    ]);
    const her = toAnswerMap([
      answer('bedtime', 'before-11', ['before-11'], 'somewhat'),
      answer('cleanliness', 'tidy', ['tidy', 'spotless'], 'very'),
      answer('temperature', 'warm', ['mild', 'warm'], 'none'),
    ]);
    const reasons = explainPair(pairFit(me, her, questions), you, evelyn);
    expect(reasons.differences).toEqual([
      // Sorted by weight: both are 'somewhat'; Evelyn's comes first as the direction she has to live with.
      'Your answer on bedtime is not one Evelyn can live with.',
      "Evelyn's answer on bedtime is not one you can live with.",
    ]);
    expect(reasons.agreements).toEqual([
      "You and Evelyn can live with each other's answers on keeping the room tidy.",
      "You and Evelyn can live with each other's answers on the room temperature.",
    ]);
    // No answer appears in any sentence: not Evelyn's, not yours.
    for (const sentence of [...reasons.agreements, ...reasons.differences]) {
      for (const label of ['before 11 pm', 'after 1 am', 'midnight', 'spotless', 'mild', 'warm']) {
        expect(sentence).not.toContain(label);
      }
    }
  });
});

describe('fitPreview', () => {
  it('shows a student exactly the sentences another student can read about them, with none of their answers', () => {
    const mine = toAnswerMap([
      answer('bedtime', 'after-1', ['12-to-1', 'after-1'], 'very'),
      answer('cleanliness', 'lived-in', 'all', 'somewhat'),
      answer('noise', 'quiet', ['quiet'], 'none'),
    ]);
    expect(fitPreview('Sam', mine, questions)).toEqual({
      agreements: [],
      differences: [
        // Sorted by weight: Sam's 'very' first.
        'Your answer on bedtime is not one Sam can live with, and Sam marked bedtime as very important.',
        "Sam's answer on bedtime is not one you can live with.",
        // Sam can live with any tidiness: only the reader's side shows.
        "Sam's answer on keeping the room tidy is not one you can live with.",
        // Sam does not mind noise: only the reader's side shows.
        "Sam's answer on noise in the room is not one you can live with.",
      ],
    });
    // What another student would really read of Sam is among the preview's sentences.
    const reader = toAnswerMap([answer('bedtime', 'before-11', ['before-11'], 'somewhat')]);
    for (const sentence of explainPair(
      pairFit(reader, mine, questions),
      { name: 'Ada', isYou: true },
      { name: 'Sam', isYou: false },
    ).differences) {
      expect(fitPreview('Sam', mine, questions).differences).toContain(sentence);
    }
    expect(FIT_SHOWS).toContain('Your answers themselves are shown to no one, but in a group you have joined');
    expect(FIT_SHOWS).toContain('never who gave which (in a group of two, the other can tell yours from theirs)');
  });
});

describe('groupFit', () => {
  const student = {
    person: you,
    answers: toAnswerMap([answer('bedtime', '11-to-12', ['before-11', '11-to-12'], 'somewhat')]),
  };
  const same = toAnswerMap([answer('bedtime', '11-to-12', ['11-to-12'], 'somewhat')]);
  const members = [
    { name: 'Ada', role: 'admin' as const, answers: same },
    { name: 'Ben', role: 'member' as const, answers: same },
    { name: 'Cy', role: 'member' as const, answers: same },
    { name: 'Di', role: 'member' as const, answers: same },
    // Accepts the student (+1 of 1); the student cannot live with after 1 am (0 of 1).
    {
      name: 'Evelyn',
      role: 'member' as const,
      answers: toAnswerMap([answer('bedtime', 'after-1', 'all', 'somewhat')]),
    },
    // Cannot live with the student (0 of 1); the student can live with before 11 (+1 of 1).
    {
      name: 'Fay',
      role: 'member' as const,
      answers: toAnswerMap([answer('bedtime', 'before-11', ['before-11'], 'somewhat')]),
    },
    { name: 'Gus', role: 'member' as const, answers: null },
  ];

  it('pools a group of 8 (the student and 7 members) and skips the member without a profile', () => {
    const fit = groupFit(student, members, questions);
    // Ada to Di: 2 of 2 each (8 of 8); Evelyn 1 of 2; Fay 1 of 2: 10 of 12 = 0.833, just under Great.
    expect(fit.band).toBe('good');
    expect(fit.members.map((m) => [m.name, m.band])).toEqual([
      ['Ada', 'great'],
      ['Ben', 'great'],
      ['Cy', 'great'],
      ['Di', 'great'],
      ['Evelyn', 'some'],
      ['Fay', 'some'],
      ['Gus', null],
    ]);
    expect(fit.members[6]).toEqual({ name: 'Gus', role: 'member', band: null, skipped: SKIPPED_NO_PROFILE });
    expect(pool([pairFit(student.answers, same, questions), pairFit(student.answers, same, questions)])).toEqual({
      agreed: 4,
      total: 4,
      dealbreaker: false,
    });
  });

  it("turns the whole group's band to Big differences when one member has a dealbreaker", () => {
    const strict = toAnswerMap([answer('bedtime', 'after-1', ['after-1'], 'very')]);
    const fit = groupFit(
      student,
      members.map((m) => (m.name === 'Gus' ? { ...m, answers: strict } : m)),
      questions,
    );
    // 10 + 0 of 12 + 4 = 0.625 and a dealbreaker.
    expect(fit.band).toBe('big');
    const gus = fit.members[6];
    expect(gus?.band).toBe('big');
    expect(gus && 'differences' in gus ? gus.differences[0] : '').toBe(
      'Your answer on bedtime is not one Gus can live with, and Gus marked bedtime as very important.',
    );
  });

  it('has no band when no member can be compared', () => {
    const other = toAnswerMap([answer('guests', 'rarely', ['rarely'], 'very')]);
    const fit = groupFit(
      student,
      [
        { name: 'Ada', role: 'admin', answers: other },
        { name: 'Ben', role: 'member', answers: null },
      ],
      questions,
    );
    expect(fit.band).toBeNull();
    expect(fit.members).toEqual([
      { name: 'Ada', role: 'admin', band: null, skipped: SKIPPED_NOTHING_SHARED },
      { name: 'Ben', role: 'member', band: null, skipped: SKIPPED_NO_PROFILE },
    ]);
  });

  it('speaks to the admin as "you" when the admin reads a ping', () => {
    const sender = {
      person: { name: 'Sam', isYou: false },
      answers: toAnswerMap([answer('bedtime', 'after-1', ['after-1'], 'somewhat')]),
    };
    const fit = groupFit(
      sender,
      [
        {
          name: 'Evelyn',
          role: 'admin',
          isYou: true,
          answers: toAnswerMap([answer('bedtime', 'before-11', 'all', 'very')]),
        },
      ],
      questions,
    );
    expect(fit.members[0]).toMatchObject({
      band: 'good', // Evelyn accepts (+3 of 3), Sam does not (0 of 1): 0.75
      differences: ['Your answer on bedtime is not one Sam can live with.'],
    });
  });
});

describe('questions and storage', () => {
  it('lets the college remove and add questions', () => {
    const keys = activeQuestions({
      removeQuestions: ['alcohol', 'smoking'],
      addQuestions: [
        {
          key: 'pets',
          topic: 'pets',
          prompt: 'Do you have a pet?',
          livePrompt: 'Which could you live with?',
          options: [
            { key: 'none', label: 'no pet' },
            { key: 'fish', label: 'a fish' },
          ],
        },
      ],
    }).map((q) => q.key);
    expect(keys).toEqual([
      'bedtime',
      'wake',
      'cleanliness',
      'noise',
      'guests',
      'study',
      'sharing',
      'temperature',
      'social',
      'pets',
    ]);
  });

  it('stores an answer as an index, a bit mask and a number, and reads it back', () => {
    const bedtime = questions[0];
    if (!bedtime) throw new Error('no questions');
    const given = answer('bedtime', '12-to-1', ['before-11', '12-to-1'], 'very');
    const stored = toStored(given, bedtime);
    expect(stored).toEqual({ question: 'bedtime', self: 2, accept: 0b101, importance: 2 });
    expect(fromStored(stored, questions)).toEqual(given);
    expect(fromStored({ ...stored, question: 'gone' }, questions)).toBeNull();
  });

  it('refuses answers to unknown questions, unknown options and an empty "can live with"', () => {
    const schema = lifestyleAnswersSchema(questions);
    const ok = schema.safeParse({ answers: [answer('noise', 'quiet', ['quiet', 'some'], 'somewhat')] });
    expect(ok.success).toBe(true);
    const bad = schema.safeParse({
      answers: [
        answer('pets', 'none', ['none'], 'none'),
        answer('noise', 'silent', ['quiet'], 'none'),
        answer('guests', 'rarely', [], 'very'),
      ],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      "'pets' is not a question we ask.",
      'Choose what you are for noise in the room.',
      'Choose at least one answer you can live with for guests.',
    ]);
  });
});
