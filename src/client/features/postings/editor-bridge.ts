/**
 * The posting editor (status dropdown, edit form, delete button) is its own feature. Its
 * components are picked up here when that feature provides them, so browsing works either way.
 */
import type { ComponentType } from 'react';
import type { PostingStatus } from '../../../shared/options';
import type { PostingDetail } from '../../../shared/schemas/posting-view';

export interface StatusControlProps {
  postingId: string;
  status: PostingStatus;
  viewerIsAdmin: boolean;
  onChanged?: (status: PostingStatus) => void;
}
export interface PostingFormProps {
  postingId?: string;
  onDone?: (posting: PostingDetail) => void;
  onCancel?: () => void;
}
export interface DeletePostingButtonProps {
  postingId: string;
  onDeleted: () => void;
  label?: string;
  className?: string;
}

const modules = import.meta.glob<Record<string, unknown>>('../posting-editor/index.ts', { eager: true });
const editor = Object.values(modules)[0] ?? {};

export const StatusControl = editor.StatusControl as ComponentType<StatusControlProps> | undefined;
export const PostingForm = editor.PostingForm as ComponentType<PostingFormProps> | undefined;
export const DeletePostingButton = editor.DeletePostingButton as ComponentType<DeletePostingButtonProps> | undefined;
