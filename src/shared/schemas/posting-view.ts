/**
 * What the API answers about postings: the types of the schemas its routes declare
 * (posting-answers.ts), named here for the modules that only read them. The write-side schema
 * (what a form sends) lives in posting.ts.
 */
export type {
  AdminContactView,
  PostingCard,
  PostingDetail,
  PostingImageView,
  PostingPage,
  PostingPin,
  PostingWalk,
} from './posting-answers';
