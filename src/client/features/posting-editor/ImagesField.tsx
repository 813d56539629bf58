import { useEffect, useId, useRef } from 'react';
import { messages } from '../../../shared/messages';
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_POSTING } from '../../../shared/options';
import { POSTING_FORM_FIELDS, postingFormStepValue } from '../../../shared/schemas/posting-form-sent';
import { useScriptsReady } from '../../shell/scripts-ready';
import fieldStyles from '../../ui/FormField.module.css';
import styles from './PostingForm.module.css';

/** One picture of the posting as the form shows it: already stored, or chosen now. */
export type ImageItem =
  | { kind: 'kept'; key: string; id: string; url: string }
  | { kind: 'new'; key: string; file: File; url: string };

const ACCEPTED = ['image/jpeg', 'image/png'];
const MB = Math.round(MAX_IMAGE_BYTES / (1024 * 1024));

let counter = 0;

/** Checks what the browser can check (the server checks the real content again) and adds previews. */
function addFiles(items: ImageItem[], files: File[]): { items: ImageItem[]; problems: string[] } {
  const problems: string[] = [];
  const next = [...items];
  for (const file of files) {
    if (!ACCEPTED.includes(file.type)) problems.push(messages.images.notJpegOrPng(file.name));
    else if (file.size > MAX_IMAGE_BYTES) problems.push(messages.images.tooLarge(file.name, MB));
    else if (next.length >= MAX_IMAGES_PER_POSTING) {
      const message = messages.images.tooMany(MAX_IMAGES_PER_POSTING);
      if (!problems.includes(message)) problems.push(message);
    } else {
      counter += 1;
      next.push({ kind: 'new', key: `new-${counter}`, file, url: URL.createObjectURL(file) });
    }
  }
  return { items: next, problems };
}

export function ImagesField({
  items,
  stored,
  problems,
  onChange,
}: {
  items: ImageItem[];
  /** An edit: the posting's stored images the form keeps go with it (posted without the scripts too). */
  stored: boolean;
  problems: string[];
  onChange: (items: ImageItem[], problems: string[]) => void;
}) {
  const id = useId();
  // Before the scripts the form posts the file input itself: it shows what was chosen.
  const scriptsReady = useScriptsReady();
  const inputRef = useRef<HTMLInputElement>(null);
  // Previews of chosen files are released when they leave the list or the form goes away.
  const urls = useRef(new Set<string>());
  useEffect(() => {
    for (const item of items) if (item.kind === 'new') urls.current.add(item.url);
    for (const url of urls.current) {
      if (!items.some((item) => item.url === url)) {
        URL.revokeObjectURL(url);
        urls.current.delete(url);
      }
    }
  }, [items]);
  useEffect(
    () => () => {
      for (const url of urls.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const move = (index: number, by: number) => {
    const next = [...items];
    const [item] = next.splice(index, 1);
    if (!item) return;
    next.splice(index + by, 0, item);
    onChange(next, []);
  };

  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Images</legend>
      {stored ? (
        <input
          type="hidden"
          name={POSTING_FORM_FIELDS.keptImages}
          value={items.flatMap((item) => (item.kind === 'kept' ? [item.id] : [])).join(' ')}
        />
      ) : null}
      <p className={fieldStyles.hint} id={`${id}-hint`}>
        JPG or PNG only, up to {MAX_IMAGES_PER_POSTING} images of {MB} MB each. The first image is shown first.
      </p>
      <div>
        <label className={styles.fileButton} htmlFor={id}>
          Add images
        </label>
        <input
          ref={inputRef}
          id={id}
          className={scriptsReady ? styles.fileInput : styles.fileInputDrawn}
          type="file"
          // Posted by the form itself before the scripts; with them, the chosen files are the list's.
          name="images"
          accept="image/jpeg,image/png,.jpg,.jpeg,.png"
          multiple
          aria-describedby={`${id}-hint${problems.length ? ` ${id}-problems` : ''}`}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            const result = addFiles(items, files);
            onChange(result.items, result.problems);
          }}
        />
      </div>
      {problems.length > 0 ? (
        <ul id={`${id}-problems`} className={styles.errorList} role="alert">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      {items.length > 0 ? (
        <ol className={styles.imageList} aria-label="Chosen images">
          {items.map((item, index) => (
            <li key={item.key} className={styles.imageItem}>
              <img
                src={item.url}
                alt={`Upload ${index + 1} of ${items.length}${item.kind === 'new' ? `: ${item.file.name}` : ''}`}
                className={styles.preview}
              />
              <div className={styles.imageActions}>
                <button
                  type="button"
                  className={styles.smallButton}
                  onClick={() => move(index, -1)}
                  disabled={!scriptsReady || index === 0}
                  aria-label={`Move image ${index + 1} earlier`}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className={styles.smallButton}
                  onClick={() => move(index, 1)}
                  disabled={!scriptsReady || index === items.length - 1}
                  aria-label={`Move image ${index + 1} later`}
                >
                  ↓
                </button>
                {/* A stored image's Remove posts the form before the scripts: the server draws it
                    again without that image, removed when the form is saved (decision 0048). */}
                <button
                  type={item.kind === 'kept' ? 'submit' : 'button'}
                  name={item.kind === 'kept' ? POSTING_FORM_FIELDS.step : undefined}
                  value={item.kind === 'kept' ? postingFormStepValue.removeImage(item.id) : undefined}
                  formNoValidate
                  className={styles.smallButton}
                  onClick={(event) => {
                    event.preventDefault();
                    onChange(
                      items.filter((other) => other.key !== item.key),
                      [],
                    );
                    inputRef.current?.focus();
                  }}
                  aria-label={`Remove image ${index + 1}`}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
    </fieldset>
  );
}
