import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { can } from '../../../shared/authorization';
import { messages } from '../../../shared/messages';
import { createPostingSchema, type PostingWrite } from '../../../shared/schemas/posting';
import type { PostingDetail } from '../../../shared/schemas/posting-view';
import { ApiError, api } from '../../api/client';
import { useCollege } from '../../shell/config-context';
import { useScriptsReady } from '../../shell/scripts-ready';
import { useSession } from '../../shell/session';
import { useTypedBeforeScripts } from '../../shell/typed-before-scripts';
import buttonStyles from '../../ui/Button.module.css';
import { AdminFieldset } from './AdminFieldset';
import { formKit } from './form-kit';
import { membersAsKept, newPostingValues, type PostingFormValues, postingValues, today } from './form-values';
import { AboutFieldset, LookingForFieldset } from './GroupFieldsets';
import { type ImageItem, ImagesField } from './ImagesField';
import { LocationFieldset } from './LocationFieldset';
import { MembersFieldset } from './MembersFieldset';
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
}

/**
 * The posting form of docs/product-spec.md section 2, for creating and for editing. Validation is the shared
 * schema's (the server runs the same one); every failure is listed in 'Submission Failed'.
 * Each fieldset is a module of its own; the submit flow is `usePostingSubmit` and its dialogs.
 */
export function PostingForm({ postingId, onDone, onCancel }: PostingFormProps) {
  const college = useCollege();
  const session = useSession();
  const account = session.user;
  const dormKeys = useMemo(() => college.dorms.map((d) => d.key), [college.dorms]);
  const schema = useMemo(() => createPostingSchema(dormKeys), [dormKeys]);
  const editing = postingId !== undefined;
  const uid = useId();

  /** A co-admin edits: the members are the administrator's, kept as they are by the server. */
  const coadminRef = useRef(false);
  const resolver = useMemo(() => {
    const base = zodResolver(schema);
    const resolve: typeof base = (values, context, options) =>
      base(coadminRef.current ? membersAsKept(values as PostingFormValues) : values, context, options);
    return resolve;
  }, [schema]);
  const form = useForm<PostingFormValues, unknown, PostingWrite>({
    resolver,
    defaultValues: newPostingValues(account),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, control, handleSubmit, setValue, getValues, reset, watch, formState } = form;
  const members = useFieldArray({ control, name: 'members' });
  const [images, setImages] = useState<ImageItem[]>([]);
  const [imageProblems, setImageProblems] = useState<string[]>([]);
  const formRef = useRef<HTMLFormElement | null>(null);

  const existing = useQuery({
    queryKey: postingQueryKey(postingId ?? ''),
    queryFn: () => api.get('/api/postings/{id}', { path: { id: postingId ?? '' } }),
    enabled: editing,
    retry: false,
  });

  // Fill the form once the posting (edit) or the account (create) is known.
  const loaded = existing.data;
  const mayEdit = loaded !== undefined && can(account, 'posting.edit', loaded);
  // A co-admin's edit leaves the member rows and the admin's details as they are (the server too).
  const coadminEditing = mayEdit && !can(account, 'group.editMembers', loaded);
  coadminRef.current = coadminEditing;
  const memberValues = watch('members');
  useEffect(() => {
    if (editing) {
      if (!loaded) return;
      reset(postingValues(loaded, account));
      setImages(loaded.images.map((image) => ({ kind: 'kept', key: image.id, id: image.id, url: image.cardUrl })));
      setImageProblems([]);
    } else if (account) {
      setValue('adminName', account.name);
      setValue('adminEmail', account.email);
      if (!getValues('members.0.name')) setValue('members.0.name', account.name);
      if (!getValues('members.0.email')) setValue('members.0.email', account.email);
    }
  }, [editing, loaded, account, reset, setValue, getValues]);

  const location = watch('listingLocation');
  const adminGender = watch('adminGender');
  const description = watch('description');
  const adminName = watch('adminName');
  const adminYear = watch('adminAcademicYear');
  const adminCustomGender = watch('adminCustomGender');

  /** Switching location clears the other location's fields (spec section 4, Posting form). */
  const switchLocation = (next: PostingFormValues['listingLocation']) => {
    setValue('listingLocation', next);
    if (next === 'offcampus') {
      setValue('dorm', '');
      if (!getValues('rentStart')) setValue('rentStart', today());
    } else {
      for (const name of ['address', 'monthlyRent', 'rentType', 'utilities', 'rentStart', 'rentEnd'] as const) {
        setValue(name, '');
      }
    }
  };

  // What was typed or chosen before the scripts took the form over (after the fill above).
  useTypedBeforeScripts(`${uid}-form`);
  const scriptsReady = useScriptsReady();

  const { phase, setPhase, submit, onInvalid, finish } = usePostingSubmit({
    postingId,
    signedIn: Boolean(account),
    getValues,
    images,
    imageProblems,
    coadminEditing,
    dormKeys,
    onFinished: (saved) => {
      if (!editing) {
        reset(newPostingValues(account));
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

  const kit = formKit(uid, formState.errors, register, control);

  return (
    <form
      ref={formRef}
      id={`${uid}-form`}
      className={styles.form}
      noValidate
      aria-label={editing ? 'Edit posting' : 'Create posting'}
      onSubmit={handleSubmit(submit, onInvalid)}
    >
      {editing && onCancel ? (
        <button type="button" className={styles.cancel} onClick={onCancel}>
          <span aria-hidden="true">←</span> Cancel editing
        </button>
      ) : null}

      <LocationFieldset kit={kit} location={location} onSwitch={switchLocation} />
      <AdminFieldset kit={kit} coadminEditing={coadminEditing} adminGender={adminGender} />
      <MembersFieldset
        kit={kit}
        members={members}
        memberValues={memberValues}
        admin={{ name: adminName, academicYear: adminYear, gender: adminGender, customGender: adminCustomGender }}
        coadminEditing={coadminEditing}
      />
      <LookingForFieldset kit={kit} memberCount={members.fields.length} />
      <AboutFieldset kit={kit} description={description} />
      <RentFieldset kit={kit} className={styles.offCampusOnly} />

      <ImagesField
        items={images}
        problems={imageProblems}
        onChange={(items, problems) => {
          setImages(items);
          setImageProblems(problems);
        }}
      />

      {/* Sending takes the scripts (the images are read and uploaded by them): until they have
          taken the form over the buttons say they cannot be used yet, rather than send the form
          as an address full of what was typed (issue 31); what is typed meanwhile is kept. */}
      <div className={styles.submitRow}>
        <button
          type="button"
          className={`${buttonStyles.button} ${buttonStyles.secondary}`}
          disabled={!scriptsReady}
          onClick={handleSubmit((posting) => setPhase({ kind: 'preview', posting }), onInvalid)}
        >
          Preview
        </button>
        <button type="submit" className={buttonStyles.button} disabled={!scriptsReady || phase.kind === 'uploading'}>
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
