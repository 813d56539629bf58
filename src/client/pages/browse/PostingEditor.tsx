import { LazyPinPickerMap } from '../../features/map/LazyPinPickerMap';
import { PostingForm, type PostingFormProps } from '../../features/posting-editor/PostingForm';

/**
 * The posting form as /postings opens it to edit a posting, with the pin's map (issue 33) as on the
 * create page; its code comes when an edit opens, and the map's when "Place on a map" is pressed.
 */
export function PostingEditor(props: Omit<PostingFormProps, 'pinMap'>) {
  return <PostingForm {...props} pinMap={(pin) => <LazyPinPickerMap {...pin} />} />;
}
