/** The posting editor, for other features: the form (create/edit), the status control and delete. */
export { DeletePostingButton, type DeletePostingButtonProps } from './DeletePostingButton';
export { PostingForm, type PostingFormProps, postingQueryKey } from './PostingForm';
export { StatusControl, type StatusControlProps } from './StatusControl';
