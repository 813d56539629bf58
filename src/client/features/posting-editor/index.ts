/** The posting editor, for other features: the form (create/edit), the status control and delete. */
export { DeletePostingButton, type DeletePostingButtonProps } from './DeletePostingButton';
export { LazyPostingForm as PostingForm } from './LazyPostingForm';
export type { PostingFormProps } from './PostingForm';
export { postingQueryKey } from './query-keys';
export { StatusControl, type StatusControlProps } from './StatusControl';
