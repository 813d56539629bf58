/**
 * The roommate agreement's clauses as data (issue 34): the topics residence-life offices ask
 * roommates to settle, each drawn from a lifestyle question where there is one. A college's config
 * (config/college.json `agreement`) may remove clauses, replace one by giving its key, or add its own
 * (a housing office's form). The drafting that fills them from a group's answers is in agreement.ts.
 */

export interface ClauseTemplate {
  /** Stable key; a college's clause with a default's key replaces it. */
  key: string;
  /** The clause's heading. */
  title: string;
  /** The lifestyle question the clause is drawn from; none: a standing clause (`text`). */
  question?: string;
  /** The filled-in clause by the answer every member gave (an option key of `question`). */
  agreed?: Record<string, string>;
  /**
   * The suggested middle where answers differ. `{first}` and `{last}` are the answers given that come
   * first and last in the question's order, `{middle}` the option half-way between them.
   */
  suggestion?: string;
  /** A standing clause's text, and the clause of a question when an agreed answer has no text of its own. */
  text?: string;
  /** Only for groups renting off campus (the money clauses). */
  offCampusOnly?: boolean;
}

export const DEFAULT_CLAUSES: readonly ClauseTemplate[] = [
  {
    key: 'quiet-hours',
    title: 'Quiet hours',
    question: 'bedtime',
    agreed: {
      'before-11': 'Quiet hours from 10 pm to 7 am on weeknights, and from midnight on weekends.',
      '11-to-12': 'Quiet hours from 11 pm to 7 am on weeknights, and from 1 am on weekends.',
      '12-to-1': 'Quiet hours from midnight to 8 am on weeknights, and from 1 am on weekends.',
      'after-1': 'Quiet hours from 1 am to 9 am on weeknights, and from 2 am on weekends.',
    },
    suggestion:
      'Quiet hours start at the earliest bedtime among us ({first}); whoever stays up later uses headphones and a small light.',
  },
  {
    key: 'mornings',
    title: 'Mornings',
    question: 'wake',
    agreed: {
      'before-7': 'We all get up early: alarms from 6 am are fine on weekdays.',
      '7-to-9': 'Alarms from 7 am on weekdays; one alarm each, no snoozing for long.',
      '9-to-11': 'No alarms before 9 am on weekdays unless the owner gets up at once.',
      'after-11': 'No alarms before 11 am on weekdays; early plans are made quietly.',
    },
    suggestion:
      'The earliest riser ({first}) gets ready quietly, with one alarm and the lights low, until the others are up.',
  },
  {
    key: 'cleaning',
    title: 'Cleaning',
    question: 'cleanliness',
    agreed: {
      spotless: 'Shared spaces are kept spotless: dishes done the same day, a full clean every week on a rota.',
      tidy: 'Shared spaces are kept tidy: dishes done within a day, a clean every week on a rota.',
      'lived-in': 'Shared spaces may look lived-in, but rubbish goes out and dishes are done every few days.',
      messy: 'Each keeps their own space as they like; shared spaces are cleared once a week on a rota.',
    },
    suggestion: 'Shared spaces are kept {middle}, on a weekly rota; each keeps their own side as they like.',
  },
  {
    key: 'noise',
    title: 'Noise in the room',
    question: 'noise',
    agreed: {
      quiet: 'The room is a quiet place: music and calls through headphones.',
      some: 'Some music and talk is fine outside quiet hours; ask before turning it up.',
      lively: 'Music and company are welcome outside quiet hours.',
    },
    suggestion: 'Outside quiet hours, noise stays at the level of {middle}; anyone may ask for quiet before an exam.',
  },
  {
    key: 'guests',
    title: 'Guests',
    question: 'guests',
    agreed: {
      rarely: 'Guests are rare; tell the others before inviting anyone.',
      weekends: 'Guests are welcome on weekends; tell the others by the day before.',
      often: 'Guests are welcome several times a week; tell the others when someone comes over.',
      overnight: 'Guests are welcome, overnight too; tell the others the day before an overnight stay.',
    },
    suggestion:
      'Guests are announced a day ahead; overnight guests need everyone’s yes, and no more than two nights a week.',
  },
  {
    key: 'study',
    title: 'Study time',
    question: 'study',
    agreed: {
      elsewhere: 'We mostly study outside the room; the room need not be silent for studying.',
      sometimes: 'Whoever studies in the room may ask for quiet for a few hours at a time.',
      room: 'The room is a place to study: quiet whenever one of us is working there.',
    },
    suggestion: 'Whoever needs to study says so; the others keep quiet or take talk and calls elsewhere for that time.',
  },
  {
    key: 'smoking',
    title: 'Smoking and vaping',
    question: 'smoking',
    agreed: {
      never: 'No smoking or vaping, in the room or at the door.',
      outside: 'Smoking or vaping outside only, away from the windows.',
      inside: 'Smoking or vaping indoors is fine with all of us, where the residence allows it.',
    },
    suggestion: 'No smoking or vaping in the room; outside only, away from the windows.',
  },
  {
    key: 'alcohol',
    title: 'Alcohol',
    question: 'alcohol',
    agreed: {
      none: 'No alcohol in the room.',
      occasional: 'An occasional drink in the room is fine; no parties.',
      social: 'Drinks with friends in the room are fine outside quiet hours, within the residence’s rules.',
    },
    suggestion: 'Alcohol in the room only as far as {first}, and never when someone asks for it not to be.',
  },
  {
    key: 'sharing',
    title: 'Sharing food and things',
    question: 'sharing',
    agreed: {
      ask: 'Ask before borrowing anything; food is each person’s own.',
      basics: 'Basics (salt, dish soap, toilet paper) are shared and bought in turn; ask for anything else.',
      everything: 'Most things are shared; say when something is yours only.',
    },
    suggestion: 'Ask before borrowing anything but the basics, which we buy in turn.',
  },
  {
    key: 'temperature',
    title: 'Temperature',
    question: 'temperature',
    agreed: {
      cool: 'The room is kept cool.',
      mild: 'The room is kept mild.',
      warm: 'The room is kept warm.',
    },
    suggestion: 'The room is kept {middle}; whoever wants it different uses a blanket or a fan on their own side.',
  },
  {
    key: 'social',
    title: 'Time together',
    question: 'social',
    agreed: {
      retreat: 'The room is a quiet retreat; we meet friends elsewhere.',
      friendly: 'We spend some time together and respect each other’s time alone.',
      hub: 'The room is a social place; anyone may say when they need it quiet.',
    },
    suggestion: 'The room is {middle}; anyone may ask for an evening to themselves.',
  },
  {
    key: 'locking-up',
    title: 'Locking up',
    text: 'The door is locked whenever the room is empty and at night; nobody lends a key or card to anyone else.',
  },
  {
    key: 'raising-a-problem',
    title: 'Raising a problem',
    text: 'When something bothers one of us, we say so to the others within a few days, calmly and in person; if we cannot settle it, we ask our resident assistant to help.',
  },
  {
    key: 'rent',
    title: 'Rent shares',
    text: 'Each of us pays an equal share of the rent, to the landlord, by the day it is due, unless we write other shares here.',
    offCampusOnly: true,
  },
  {
    key: 'utilities',
    title: 'Utilities',
    text: 'Electricity, gas, water and internet are split equally; each account is in the name of one of us, written here, and the others pay their share to that person within a week of the bill.',
    offCampusOnly: true,
  },
  {
    key: 'deposit',
    title: 'Deposit',
    text: 'Each of us pays an equal share of the deposit and gets it back in the same share, less the cost of any damage that person caused.',
    offCampusOnly: true,
  },
  {
    key: 'moving-out',
    title: 'Moving out',
    text: 'Whoever leaves before the lease ends tells the others at least 60 days ahead, keeps paying their share until then, and helps find someone to take their place.',
    offCampusOnly: true,
  },
];

/** The college config's changes to the default clauses (config/college.json `agreement`). */
export interface AgreementConfig {
  removeClauses?: string[];
  /** A clause with a default's key replaces it in place; any other is added at the end. */
  clauses?: ClauseTemplate[];
}

/** The clauses a deployment drafts: the defaults, less those removed, with the college's replaced or added. */
export function activeClauses(config: AgreementConfig | undefined): ClauseTemplate[] {
  const removed = new Set(config?.removeClauses ?? []);
  const own = new Map((config?.clauses ?? []).map((c) => [c.key, c]));
  const defaults = DEFAULT_CLAUSES.filter((c) => !removed.has(c.key)).map((c) => own.get(c.key) ?? c);
  const defaultKeys = new Set(DEFAULT_CLAUSES.map((c) => c.key));
  return [...defaults, ...(config?.clauses ?? []).filter((c) => !defaultKeys.has(c.key))];
}
