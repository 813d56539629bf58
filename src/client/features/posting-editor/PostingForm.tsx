import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useId, useMemo, useRef, useState } from 'react';
import { can } from '../../../shared/authorization';
import { memberFormActions } from '../../../shared/member-form-posts';
import { messages } from '../../../shared/messages';
import { blankMember, createPostingSchema } from '../../../shared/schemas/posting';
import { type PostingFormSent, postingFormSentKey } from '../../../shared/schemas/posting-form-sent';
import type { PostingDetail } from '../../../shared/schemas/posting-view';
import { ApiError, api } from '../../api/client';
import { useCollege } from '../../shell/config-context';
import { useScriptsReady } from '../../shell/scripts-ready';
import { useSession } from '../../shell/session';
import { useTypedBeforeScripts } from '../../shell/typed-before-scripts';
import buttonStyles from '../../ui/Button.module.css';
import { errorsOf, type FieldErrors, readForm } from '../../ui/schema-check';
import { useSchemaForm } from '../../ui/schema-form';
import { AdminFieldset } from './AdminFieldset';
import { formKit } from './form-kit';
import {
  formValuesOf,
  membersAsKept,
  newPostingValues,
  type PostingFormValues,
  postingValues,
  sentFormValues,
  today,
} from './form-values';
import { AboutFieldset, LookingForFieldset } from './GroupFieldsets';
import { type ImageItem, ImagesField } from './ImagesField';
import { LocationFieldset } from './LocationFieldset';
import { MembersFieldset } from './MembersFieldset';
import { PinFieldset, type PinMapSlot } from './PinFieldset';
import styles from './PostingForm.module.css';
import { postingQueryKey } from './query-keys';
import { RentFieldset } from './RentFieldset';
import { SubmitDialogs } from './SubmitDialogs';
import { usePostingSubmit } from './use-posting-submit';

export interface PostingFormProps {
  /** Given: edit this posting. Absent: create a new one. */
  postingId?: string;
  /** After the success dialog closes, with the saved posting. */
  onDone?: (posting: PostingDetail) => void;
  /** The cancel arrow of edit mode. */
  onCancel?: () => void;
  /** The page's map for placing an off-campus pin by pointer (the map feature's picker). */
  pinMap?: PinMapSlot;
}

/** The other location's fields, emptied when the location changes (spec section 4, Posting form). */
const OFF_CAMPUS_FIELDS = [
  'address',
  'rentType',
  'utilities',
  'rentStart',
  'rentEnd',
  'pinLatitude',
  'pinLongitude',
] as const;

let rowCount = 0;
const rowKey = () => `row-${++rowCount}`;

/**
 * The posting form of docs/product-spec.md section 2, for creating and for editing: a native form
 * (decision 0044) checked with the shared schema (the server runs the same one); every failure is
 * listed in 'Submission Failed'. Each fieldset is a module of its own; the submit flow is
 * `usePostingSubmit` and its dialogs.
 */
export function PostingForm({ postingId, onDone, onCancel, pinMap }: PostingFormProps) {
  const college = useCollege();
  const session = useSession();
  const account = session.user;
  const dormKeys = useMemo(() => college.dorms.map((d) => d.key), [college.dorms]);
  const schema = useMemo(() => createPostingSchema(dormKeys, college.map?.bounds), [dormKeys, college.map]);
  const editing = postingId !== undefined;
  const uid = useId();

  const existing = useQuery({
    queryKey: postingQueryKey(postingId ?? ''),
    queryFn: () => api.get('/api/postings/{id}', { path: { id: postingId ?? '' } }),
    enabled: editing,
    retry: false,
  });
  const loaded = existing.data;
  const mayEdit = loaded !== undefined && can(account, 'posting.edit', loaded);
  // A co-admin's edit leaves the member rows and the admin's details as they are (the server too).
  const coadminEditing = mayEdit && !can(account, 'group.editMembers', loaded);

  /**
   * What the form was drawn from as the page opened: a form sent without the scripts and refused
   * (the server draws it again with what was sent and why), else the posting edited (the server
   * loaded it), else a new posting's values. Read once; a later visit starts afresh.
   */
  const queryClient = useQueryClient();
  const [opened] = useState(() => {
    const sent = queryClient.getQueryData<PostingFormSent>(postingFormSentKey(postingId));
    const base = editing && loaded ? postingValues(loaded, account) : newPostingValues(account);
    const values = sent?.values ? sentFormValues(base, sent.values as Record<string, unknown>) : base;
    let errors: FieldErrors = {};
    if (sent?.values) {
      const checked = schema.safeParse(coadminEditing ? membersAsKept(values) : values);
      if (!checked.success) errors = errorsOf(checked.error.issues);
    }
    return { values, sent, errors, from: editing ? loaded : undefined };
  });
  useEffect(() => {
    if (opened.sent) queryClient.removeQueries({ queryKey: postingFormSentKey(postingId), exact: true });
  }, [opened, postingId, queryClient]);

  /**
   * The values the fields are drawn from, and the parts of the form that are not fields (each
   * member row's id and state, member 1); `version` draws the fields anew when they all change.
   */
  const [drawn, setDrawn] = useState(() => ({ values: opened.values, version: 0 }));
  const [rowKeys, setRowKeys] = useState(() => drawn.values.members.map(rowKey));
  /** What the form holds now, for what it shows as it is filled in (fields for a choice, counts). */
  const [live, setLive] = useState(drawn.values);
  // The rent's digits (a form sent back holds the rent as typed: '$1,200').
  const [rent, setRent] = useState(() => String(drawn.values.monthlyRent).replace(/\D/g, ''));
  const [images, setImages] = useState<ImageItem[]>(() =>
    opened.from ? keptImages(opened.from, opened.sent?.keptImages) : [],
  );
  const [imageProblems, setImageProblems] = useState<string[]>([]);
  const focusRow = useRef<number | null>(null);

  /** The drawn values with what the fields hold now. */
  const current = (form: HTMLFormElement | null = formRef.current): PostingFormValues =>
    form ? formValuesOf(drawn.values, readForm(form)) : drawn.values;

  const form = useSchemaForm({
    schema,
    prepare: (read) => {
      const values = formValuesOf(drawn.values, read);
      return coadminEditing ? membersAsKept(values) : values;
    },
    onValid: () => submit(),
    onInvalid: () => onInvalid(),
    initialErrors: opened.errors,
  });
  const formRef = form.formRef;

  /** Draws the form anew from `values` (nothing typed is kept). */
  const drawAnew = (values: PostingFormValues) => {
    setDrawn((last) => ({ values, version: last.version + 1 }));
    setRowKeys(values.members.map(rowKey));
    setLive(values);
    setRent(values.monthlyRent);
  };

  // Fill the form once the posting (edit) or the account (create) is known.
  // biome-ignore lint/correctness/useExhaustiveDependencies: drawn anew only when what it is drawn from changes
  useEffect(() => {
    if (editing) {
      // The posting the form opened with is drawn already (by the server, with what was sent).
      if (!loaded || loaded === opened.from) return;
      drawAnew(postingValues(loaded, account));
      setImages(keptImages(loaded));
      setImageProblems([]);
    } else if (account) {
      // The account's name and e-mail are not typed: the fields keep what was typed in the others.
      setDrawn((last) => {
        const [first, ...others] = last.values.members;
        const member = first ?? blankMember();
        return {
          ...last,
          values: {
            ...last.values,
            adminName: account.name,
            adminEmail: account.email,
            members: [
              { ...member, name: member.name || account.name, email: member.email || account.email },
              ...others,
            ],
          },
        };
      });
    }
  }, [editing, loaded, account]);

  // A new row's name takes focus once it is drawn.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the rows change
  useEffect(() => {
    if (focusRow.current === null) return;
    formRef.current?.querySelector<HTMLElement>(`[name="members.${focusRow.current}.name"]`)?.focus();
    focusRow.current = null;
  }, [rowKeys, formRef]);

  /** Switching location empties the other location's fields (spec section 4, Posting form). */
  const switchLocation = (next: PostingFormValues['listingLocation']) => {
    const fields = formRef.current?.elements;
    const field = (name: string) => fields?.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
    if (next === 'offcampus') {
      const dorm = field('dorm');
      if (dorm) dorm.value = '';
      const start = field('rentStart');
      if (start && !start.value) start.value = today();
    } else {
      for (const name of OFF_CAMPUS_FIELDS) {
        const other = field(name);
        if (other) other.value = '';
      }
      setRent('');
    }
  };

  const addMember = () => {
    const values = current();
    focusRow.current = values.members.length;
    setDrawn((last) => ({ ...last, values: { ...values, members: [...values.members, blankMember()] } }));
    setRowKeys((keys) => [...keys, rowKey()]);
  };
  const removeMember = (index: number) => {
    const values = current();
    const members = values.members.filter((_, at) => at !== index);
    setDrawn((last) => ({ ...last, values: { ...values, members } }));
    setRowKeys((keys) => keys.filter((_, at) => at !== index));
    setLive({ ...values, members });
  };

  // What was typed or chosen before the scripts took the form over (after the fill above).
  useTypedBeforeScripts(`${uid}-form`);
  // And what the drawn form holds as the scripts arrive (a choice made before them). An edited
  // posting is drawn from its loaded values instead (above), whose fields are not yet drawn here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the form is taken over
  useEffect(() => {
    if (!editing) setLive(current());
  }, []);
  const scriptsReady = useScriptsReady();

  const { phase, setPhase, submit, onInvalid, finish } = usePostingSubmit({
    postingId,
    signedIn: Boolean(account),
    getValues: () => current(),
    images,
    imageProblems,
    coadminEditing,
    dormKeys,
    pinBounds: college.map?.bounds,
    onFinished: (saved) => {
      if (!editing) {
        drawAnew(newPostingValues(account));
        setImages([]);
        setImageProblems([]);
      }
      onDone?.(saved);
    },
  });

  if (editing && existing.isPending) {
    return (
      <p className="app-status" role="status">
        {messages.loading}
      </p>
    );
  }
  if (editing && (existing.isError || (loaded && !mayEdit))) {
    const message =
      existing.error instanceof ApiError
        ? existing.error.message
        : loaded
          ? messages.postingAccess.notAdmin
          : messages.api.internal.message;
    return (
      <div className={styles.notice} role="alert">
        <p>{message}</p>
        {onCancel ? (
          <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} onClick={onCancel}>
            Back
          </button>
        ) : null}
      </div>
    );
  }

  const kit = formKit(uid, form.errors, drawn.values);
  const memberValues = live.members;

  return (
    <form
      id={`${uid}-form`}
      className={styles.form}
      aria-label={editing ? 'Edit posting' : 'Create posting'}
      // Before the scripts (or without them) the form posts to the server, which saves it as the
      // app's own upload would; once they have taken it over, sending is theirs (decision 0048).
      method="post"
      encType="multipart/form-data"
      action={postingId === undefined ? memberFormActions.createPosting() : memberFormActions.editPosting(postingId)}
      {...form.formProps}
      onChange={(event) => {
        form.formProps.onChange(event);
        setLive(current(event.currentTarget));
      }}
    >
      {editing && onCancel ? (
        <button type="button" className={styles.cancel} onClick={onCancel}>
          <span aria-hidden="true">←</span> Cancel editing
        </button>
      ) : null}

      {/* Enter in a field sends the form (its first submit button), not a step's button below. */}
      <button
        type="submit"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        disabled={phase.kind === 'uploading'}
      >
        {editing ? 'Save changes' : 'Submit posting'}
      </button>

      {opened.sent && drawn.version === 0 ? <SentBack sent={opened.sent} /> : null}

      {/* Drawn anew, as a whole, from other values (a posting loaded, one sent); the buttons stay,
          and so does the focus on them. */}
      <Fragment key={drawn.version}>
        <LocationFieldset kit={kit} onSwitch={switchLocation} />
        <AdminFieldset
          kit={kit}
          coadminEditing={coadminEditing}
          adminGender={live.adminGender}
          admin={{ name: drawn.values.adminName, email: drawn.values.adminEmail }}
        />
        <MembersFieldset
          kit={kit}
          rowKeys={rowKeys}
          memberValues={memberValues}
          admin={{
            name: drawn.values.adminName,
            academicYear: live.adminAcademicYear,
            gender: live.adminGender,
            customGender: live.adminCustomGender,
          }}
          coadminEditing={coadminEditing}
          onAdd={addMember}
          onRemove={removeMember}
        />
        <LookingForFieldset kit={kit} memberCount={rowKeys.length} />
        <AboutFieldset kit={kit} description={live.description} />
        <RentFieldset kit={kit} rent={rent} onRent={setRent} className={styles.offCampusOnly} />
        <PinFieldset kit={kit} className={styles.offCampusOnly} pinMap={pinMap} />
      </Fragment>

      <ImagesField
        items={images}
        stored={editing}
        problems={imageProblems}
        onChange={(items, problems) => {
          setImages(items);
          setImageProblems(problems);
        }}
      />

      {/* Submit posts the form to the server until the scripts have taken it over; Preview draws
          the posting with them, and says it waits for them until then (decision 0048). */}
      <div className={styles.submitRow}>
        <button
          type="button"
          className={`${buttonStyles.button} ${buttonStyles.secondary}`}
          disabled={!scriptsReady}
          title={scriptsReady ? undefined : 'Preview opens once the page has loaded.'}
          onClick={async () => {
            const result = await form.validate();
            if (result?.ok) setPhase({ kind: 'preview', posting: result.values });
            else onInvalid();
          }}
        >
          Preview
        </button>
        <button type="submit" className={buttonStyles.button} disabled={phase.kind === 'uploading'}>
          {editing ? 'Save changes' : 'Submit posting'}
        </button>
      </div>

      <SubmitDialogs
        phase={phase}
        editing={editing}
        imageCount={images.length}
        memberNames={coadminEditing ? memberValues.map((m) => (m.joined ? m.joinedName : m.name) || m.name) : undefined}
        formRef={formRef}
        onIdle={() => setPhase({ kind: 'idle' })}
        onSubmit={() => void submit()}
        onFinish={finish}
      />
    </form>
  );
}

/** A stored posting's images as the form lists them: those `kept` (in its order) when a form sent says so. */
function keptImages(posting: PostingDetail, kept?: string[]): ImageItem[] {
  const images = kept ? kept.flatMap((id) => posting.images.filter((image) => image.id === id)) : posting.images;
  return images.map((image) => ({ kind: 'kept', key: image.id, id: image.id, url: image.cardUrl }));
}

/**
 * What the server said of a form sent without the scripts, drawn above it again: the spec's
 * messages ('Submission Failed'; each field's own is beside it too), and that chosen images must
 * be chosen again (a browser cannot put files back in a file input). A step (a member row added,
 * an image removed) has no messages: it says only that, when files were chosen.
 */
function SentBack({ sent }: { sent: PostingFormSent }) {
  if (sent.problems.length === 0) {
    return sent.imagesNotKept ? (
      <p className={styles.sentBack} role="status">
        {messages.submit.chooseImagesAgain}
      </p>
    ) : null;
  }
  return (
    <div className={styles.sentBack} role="alert">
      <h2 className={styles.legend}>{messages.submit.failedTitle}</h2>
      <ul className={styles.errorList}>
        {sent.problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
      <p>{messages.submit.chooseImagesAgain}</p>
    </div>
  );
}
