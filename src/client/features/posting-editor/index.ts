/** The posting editor, for other features: the form (create/edit), the status control and delete. */

export { DeleteConfirmation } from './DeleteConfirmation';
export { DELETE_CONFIRM, DELETE_PARAM, DeletePostingButton } from './DeletePostingButton';
export { LazyPostingForm as PostingForm } from './LazyPostingForm';
export type { PinMapProps, PinMapSlot } from './PinFieldset';
export { postingQueryKey } from './query-keys';
export { StatusControl } from './StatusControl';
