import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentPropsWithRef, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, type FieldErrors, type FieldPath, useFieldArray, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { postingsApi } from '../../../shared/api/postings';
import { messages } from '../../../shared/messages';
import {
  ACADEMIC_YEAR_LABELS,
  ACADEMIC_YEARS,
  GENDER_LABELS,
  GENDERS,
  HOUSING_AIM_MAX,
  LISTING_LOCATION_LABELS,
  LISTING_LOCATIONS,
  RENT_TYPE_LABELS,
  RENT_TYPES,
  UTILITIES,
  UTILITIES_LABELS,
} from '../../../shared/options';
import { pageAddress } from '../../../shared/page-addresses';
import {
  blankMember,
  createPostingSchema,
  POSTING_LIMITS,
  type PostingWrite,
  validatePosting,
} from '../../../shared/schemas/posting';
import type { PostingDetail } from '../../../shared/schemas/posting-view';
import { ApiError, apiFetch } from '../../api/client';
import { useCollege } from '../../app/config-context';
import { useSession } from '../../app/session';
import buttonStyles from '../../ui/Button.module.css';
import { Dialog } from '../../ui/Dialog';
import { describedBy, Field } from '../../ui/Field';
import fieldStyles from '../../ui/FormField.module.css';
import { groupDigits } from '../../ui/format-en-us';
import { membersAsKept, newPostingValues, type PostingFormValues, postingValues, today } from './form-values';
import { type ImageItem, ImagesField } from './ImagesField';
import styles from './PostingForm.module.css';
import { PostingPreview } from './PostingPreview';
import { postingQueryKey } from './query-keys';
import { sendPostingForm } from './upload';

export interface PostingFormProps {
  /** Given: edit this posting. Absent: create a new one. */
  postingId?: string;
  /** After the success dialog closes, with the saved posting. */
  onDone?: (posting: PostingDetail) => void;
  /** The cancel arrow of edit mode. */
  onCancel?: () => void;
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'failed'; title: string; lines: string[] }
  | { kind: 'uploading'; progress: number }
  | { kind: 'preview'; posting: PostingWrite }
  | { kind: 'done'; posting: PostingDetail };

export { postingQueryKey };

/** Everything the form's errors say, in the order the fields appear (for the inline messages). */
function errorAt(errors: FieldErrors<PostingFormValues>, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) {
    if (node === undefined || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

/** A select of fixed choices after a blank first option that says what to choose. */
function ChoiceSelect<T extends string>({
  placeholder,
  choices,
  labels,
  ...select
}: { placeholder: string; choices: readonly T[]; labels: Record<T, string> } & ComponentPropsWithRef<'select'>) {
  return (
    <select {...select}>
      <option value="">{placeholder}</option>
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {labels[choice]}
        </option>
      ))}
    </select>
  );
}

/**
 * The posting form of spec section 2, for creating and for editing. Validation is the shared
 * schema's (the server runs the same one); every failure is listed in 'Submission Failed'.
 */
export function PostingForm({ postingId, onDone, onCancel }: PostingFormProps) {
  const college = useCollege();
  const session = useSession();
  const account = session.user;
  const queryClient = useQueryClient();
  const dormKeys = useMemo(() => college.dorms.map((d) => d.key), [college.dorms]);
  const schema = useMemo(() => createPostingSchema(dormKeys), [dormKeys]);
  const editing = postingId !== undefined;
  const uid = useId();
  const fid = (name: string) => `${uid}-${name.replaceAll('.', '-')}`;

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
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [rentFocused, setRentFocused] = useState(false);
  const formRef = useRef<HTMLFormElement | null>(null);

  const existing = useQuery({
    queryKey: postingQueryKey(postingId ?? ''),
    queryFn: () => apiFetch(postingsApi.detail(postingId ?? '')),
    enabled: editing,
    retry: false,
  });

  // Fill the form once the posting (edit) or the account (create) is known.
  const loaded = existing.data;
  const coadminEditing = Boolean(loaded && !loaded.viewerIsAdmin && loaded.viewerRole === 'coadmin');
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
  const memberGenders = memberValues.map((m) => m.gender);
  const description = watch('description');
  const adminName = watch('adminName');
  const adminYear = watch('adminAcademicYear');
  const adminCustomGender = watch('adminCustomGender');
  const onCampus = location === 'oncampus';

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

  const showFailure = (lines: string[], title: string = messages.submit.failedTitle) =>
    setPhase({ kind: 'failed', title, lines });

  const submit = async () => {
    if (!account) {
      showFailure([messages.submit.notSignedIn.message], messages.submit.notSignedIn.title);
      return;
    }
    const body = new FormData();
    body.append('posting', JSON.stringify(getValues()));
    const newFiles = images.filter((item) => item.kind === 'new');
    if (editing) {
      body.append(
        'imageOrder',
        JSON.stringify(images.map((item) => (item.kind === 'kept' ? item.id : `new:${newFiles.indexOf(item)}`))),
      );
    }
    for (const item of newFiles) body.append('images', item.file, item.file.name);
    setPhase({ kind: 'uploading', progress: 0 });
    try {
      const saved = await sendPostingForm({
        call: editing ? postingsApi.update(postingId) : postingsApi.create(),
        body,
        onProgress: (fraction) => setPhase({ kind: 'uploading', progress: Math.round(fraction * 100) }),
      });
      queryClient.setQueryData(postingQueryKey(saved.id), saved);
      // Lists and counts elsewhere (postings, profile) now show the change.
      await queryClient.invalidateQueries({
        predicate: (query) => !['config', 'session', 'posting'].includes(String(query.queryKey[0])),
      });
      setPhase({ kind: 'done', posting: saved });
    } catch (error) {
      if (error instanceof ApiError) {
        showFailure(
          error.details.length > 0 ? error.details : [error.message],
          error.title || messages.submit.failedTitle,
        );
      } else {
        showFailure([messages.submit.storageError]);
      }
    }
  };

  /** Invalid: list every message of the shared schema (the very list the server would send). */
  const onInvalid = () => {
    const values = getValues();
    const result = validatePosting(coadminEditing ? membersAsKept(values) : values, dormKeys);
    showFailure([...(result.success ? [] : result.messages), ...imageProblems]);
  };

  const finish = () => {
    if (phase.kind !== 'done') return;
    const saved = phase.posting;
    setPhase({ kind: 'idle' });
    if (!editing) {
      reset(newPostingValues(account));
      setImages([]);
      setImageProblems([]);
    }
    onDone?.(saved);
  };

  if (editing && existing.isPending) {
    return (
      <p className="app-status" role="status">
        {messages.loading}
      </p>
    );
  }
  if (editing && (existing.isError || (loaded && !loaded.viewerIsAdmin && !coadminEditing))) {
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

  const errors = formState.errors;
  const err = (path: FieldPath<PostingFormValues>) => errorAt(errors, path);
  const seekMax = Math.max(1, HOUSING_AIM_MAX - members.fields.length);
  /** What ties a control to its label, hint and error. */
  const controlAria = (name: FieldPath<PostingFormValues>, hint?: boolean) => ({
    id: fid(name),
    className: fieldStyles.control,
    'aria-invalid': err(name) ? true : undefined,
    'aria-describedby': describedBy(fid(name), err(name), hint),
  });
  const controlProps = (name: FieldPath<PostingFormValues>, hint?: boolean) => ({
    ...controlAria(name, hint),
    ...register(name),
  });

  return (
    <form
      ref={formRef}
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

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Location</legend>
        <div className="segmented">
          {LISTING_LOCATIONS.map((value) => (
            <label key={value} className="segmented-option">
              <input
                className="segmented-input"
                type="radio"
                name={`${uid}-location`}
                value={value}
                checked={location === value}
                onChange={() => switchLocation(value)}
              />
              <span>{LISTING_LOCATION_LABELS[value]}</span>
            </label>
          ))}
        </div>
        {onCampus ? (
          <Field id={fid('dorm')} label="Dorm" error={err('dorm')} required>
            <select {...controlProps('dorm')}>
              <option value="">Select a dorm</option>
              {college.dorms.map((dorm) => (
                <option key={dorm.key} value={dorm.key}>
                  {dorm.label}
                </option>
              ))}
            </select>
          </Field>
        ) : (
          <Field id={fid('address')} label="Address" error={err('address')} required>
            <input autoComplete="street-address" {...controlProps('address')} />
          </Field>
        )}
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{coadminEditing ? 'Group admin' : 'Group admin (you)'}</legend>
        <div className={styles.grid}>
          <Field id={fid('adminName')} label="Admin name" hint="From your account">
            <input readOnly {...controlProps('adminName', true)} />
          </Field>
          <Field id={fid('adminEmail')} label="Admin email" hint="From your account">
            <input type="email" readOnly {...controlProps('adminEmail', true)} />
          </Field>
          <Field id={fid('adminAcademicYear')} label="Academic year" error={err('adminAcademicYear')} required>
            <ChoiceSelect
              placeholder="Select a year"
              choices={ACADEMIC_YEARS}
              labels={ACADEMIC_YEAR_LABELS}
              {...controlProps('adminAcademicYear')}
            />
          </Field>
          <Field id={fid('adminGender')} label="Gender" error={err('adminGender')} required>
            <ChoiceSelect
              placeholder="Select a gender"
              choices={GENDERS}
              labels={GENDER_LABELS}
              {...controlProps('adminGender')}
            />
          </Field>
          {adminGender === 'other' ? (
            <Field id={fid('adminCustomGender')} label="Your gender" error={err('adminCustomGender')} required>
              <input {...controlProps('adminCustomGender')} />
            </Field>
          ) : null}
          <Field id={fid('adminPhone')} label="Admin phone" error={err('adminPhone')}>
            <input type="tel" autoComplete="tel" {...controlProps('adminPhone')} />
          </Field>
          <Field id={fid('adminInstagram')} label="Admin Instagram handle" error={err('adminInstagram')}>
            <input autoCapitalize="none" {...controlProps('adminInstagram')} />
          </Field>
        </div>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Current members</legend>
        <p className={fieldStyles.hint}>
          {coadminEditing
            ? 'The group administrator manages the members: your changes leave them as they are.'
            : 'Everyone already in the group. You are member 1. Members with a college e-mail are invited to join; members who joined are shown as they are.'}
        </p>
        {err('members') ? <p className={fieldStyles.error}>{err('members')}</p> : null}
        <ol className={styles.members}>
          {members.fields.map((field, index) => {
            const n = index + 1;
            const base = `members.${index}` as const;
            if (index === 0) {
              // The admin: their year and gender are asked once, above; they cannot remove themselves.
              return (
                <li key={field.id} className={`${styles.member} ${styles.adminMember}`}>
                  <p className={styles.memberLegend}>
                    {coadminEditing ? 'Member 1 (administrator)' : 'Member 1 (you)'}
                  </p>
                  <p>
                    {adminName || 'You'}
                    {adminYear && adminYear in ACADEMIC_YEAR_LABELS
                      ? ` · ${ACADEMIC_YEAR_LABELS[adminYear as keyof typeof ACADEMIC_YEAR_LABELS]}`
                      : ''}
                    {adminGender && adminGender in GENDER_LABELS
                      ? ` · ${adminGender === 'other' && adminCustomGender ? adminCustomGender : GENDER_LABELS[adminGender as keyof typeof GENDER_LABELS]}`
                      : ''}
                  </p>
                  <p className={fieldStyles.hint}>{coadminEditing ? 'Administrator' : 'From your details above.'}</p>
                </li>
              );
            }
            const row = memberValues[index];
            if (coadminEditing || row?.joined) {
              // Joined members are theirs to change (the admin removes them in 'Manage group'); a
              // co-admin's save leaves the whole list as it is.
              return (
                <li key={field.id} className={`${styles.member} ${styles.adminMember}`}>
                  <p className={styles.memberLegend}>Member {n}</p>
                  <p>
                    {(row?.joined ? row.joinedName : row?.name) || row?.name}
                    {row?.academicYear && row.academicYear in ACADEMIC_YEAR_LABELS
                      ? ` · ${ACADEMIC_YEAR_LABELS[row.academicYear as keyof typeof ACADEMIC_YEAR_LABELS]}`
                      : ''}
                  </p>
                  <p className={fieldStyles.hint}>
                    {row?.joined ? 'Joined' : 'Not joined yet'}
                    {row?.role === 'coadmin' ? ' · Co-admin' : ''}
                  </p>
                </li>
              );
            }
            return (
              <li key={field.id} className={styles.member}>
                <fieldset className={styles.memberFieldset}>
                  <legend className={styles.memberLegend}>Member {n}</legend>
                  <div className={styles.grid}>
                    <Field id={fid(`${base}.name`)} label="Name" error={err(`${base}.name`)} required>
                      <input {...controlProps(`${base}.name`)} />
                    </Field>
                    <Field
                      id={fid(`${base}.academicYear`)}
                      label="Academic year"
                      error={err(`${base}.academicYear`)}
                      required
                    >
                      <ChoiceSelect
                        placeholder="Select a year"
                        choices={ACADEMIC_YEARS}
                        labels={ACADEMIC_YEAR_LABELS}
                        {...controlProps(`${base}.academicYear`)}
                      />
                    </Field>
                    <Field id={fid(`${base}.gender`)} label="Gender" error={err(`${base}.gender`)} required>
                      <ChoiceSelect
                        placeholder="Select a gender"
                        choices={GENDERS}
                        labels={GENDER_LABELS}
                        {...controlProps(`${base}.gender`)}
                      />
                    </Field>
                    {memberGenders[index] === 'other' ? (
                      <Field
                        id={fid(`${base}.customGender`)}
                        label="Their gender"
                        error={err(`${base}.customGender`)}
                        required
                      >
                        <input {...controlProps(`${base}.customGender`)} />
                      </Field>
                    ) : null}
                    <Field
                      id={fid(`${base}.email`)}
                      label="College e-mail (optional)"
                      hint="We'll e-mail an invitation to join the group."
                      error={err(`${base}.email`)}
                    >
                      <input type="email" autoCapitalize="none" {...controlProps(`${base}.email`, true)} />
                    </Field>
                  </div>
                  <button
                    type="button"
                    className={`${buttonStyles.button} ${buttonStyles.secondary} ${styles.removeMember}`}
                    onClick={() => members.remove(index)}
                  >
                    Remove member {n}
                  </button>
                </fieldset>
              </li>
            );
          })}
        </ol>
        {coadminEditing ? null : (
          <button
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.secondary} ${styles.addMember}`}
            onClick={() => members.append(blankMember(), { focusName: `members.${members.fields.length}.name` })}
            disabled={members.fields.length >= HOUSING_AIM_MAX - 1}
          >
            Add member
          </button>
        )}
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Looking for</legend>
        <div className={styles.grid}>
          <Field id={fid('curNumSeek')} label="Number of roommates needed" error={err('curNumSeek')} required>
            <input type="number" inputMode="numeric" min={1} max={seekMax} step={1} {...controlProps('curNumSeek')} />
          </Field>
          <div className={styles.checkboxField}>
            <input id={fid('sublet')} type="checkbox" {...register('sublet')} />
            <label htmlFor={fid('sublet')}>This is a sublet</label>
          </div>
        </div>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>About your group</legend>
        <Field
          id={fid('description')}
          label="Group description (optional)"
          error={err('description')}
          hint={`What you are like and what you are looking for. ${groupDigits(description.length)} of ${groupDigits(POSTING_LIMITS.description)} characters.`}
        >
          <textarea
            rows={5}
            maxLength={POSTING_LIMITS.description}
            {...controlProps('description', true)}
            className={`${fieldStyles.control} ${styles.textarea}`}
          />
        </Field>
      </fieldset>

      {onCampus ? null : (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Rent and dates</legend>
          <div className={styles.grid}>
            <Field id={fid('monthlyRent')} label="Monthly rent" error={err('monthlyRent')} hint="Whole dollars">
              <Controller
                control={control}
                name="monthlyRent"
                render={({ field }) => (
                  <input
                    inputMode="numeric"
                    ref={field.ref}
                    name={field.name}
                    {...controlAria('monthlyRent', true)}
                    value={rentFocused || !field.value ? field.value : `$${field.value}`}
                    onFocus={() => setRentFocused(true)}
                    onBlur={() => {
                      setRentFocused(false);
                      field.onBlur();
                    }}
                    onChange={(event) => field.onChange(event.target.value.replace(/\D/g, ''))}
                  />
                )}
              />
            </Field>
            <Field id={fid('rentType')} label="Rent type" error={err('rentType')}>
              <ChoiceSelect
                placeholder="Select total or per person"
                choices={RENT_TYPES}
                labels={RENT_TYPE_LABELS}
                {...controlProps('rentType')}
              />
            </Field>
            <Field id={fid('utilities')} label="Utilities" error={err('utilities')}>
              <ChoiceSelect
                placeholder="Not specified"
                choices={UTILITIES}
                labels={UTILITIES_LABELS}
                {...controlProps('utilities')}
              />
            </Field>
            <div className={styles.dates}>
              <Field id={fid('rentStart')} label="Start date" error={err('rentStart')} required>
                <input type="date" {...controlProps('rentStart')} />
              </Field>
              <Field id={fid('rentEnd')} label="End date" error={err('rentEnd')} required>
                <input type="date" {...controlProps('rentEnd')} />
              </Field>
            </div>
          </div>
        </fieldset>
      )}

      <ImagesField
        items={images}
        problems={imageProblems}
        onChange={(items, problems) => {
          setImages(items);
          setImageProblems(problems);
        }}
      />

      <div className={styles.submitRow}>
        <button
          type="button"
          className={`${buttonStyles.button} ${buttonStyles.secondary}`}
          onClick={handleSubmit((posting) => setPhase({ kind: 'preview', posting }), onInvalid)}
        >
          Preview
        </button>
        <button type="submit" className={buttonStyles.button} disabled={phase.kind === 'uploading'}>
          {editing ? 'Save changes' : 'Submit posting'}
        </button>
      </div>

      <Dialog
        open={phase.kind === 'preview'}
        title="Preview"
        description="This is how other students will see your posting."
        onOpenChange={(open) => (open ? undefined : setPhase({ kind: 'idle' }))}
        actions={
          <>
            <button
              type="button"
              className={`${buttonStyles.button} ${buttonStyles.secondary}`}
              onClick={() => setPhase({ kind: 'idle' })}
            >
              Keep editing
            </button>
            <button type="button" className={buttonStyles.button} onClick={() => void submit()}>
              {editing ? 'Save changes' : 'Submit posting'}
            </button>
          </>
        }
      >
        {phase.kind === 'preview' ? (
          <PostingPreview
            posting={phase.posting}
            imageCount={images.length}
            memberNames={
              coadminEditing ? memberValues.map((m) => (m.joined ? m.joinedName : m.name) || m.name) : undefined
            }
          />
        ) : null}
      </Dialog>

      <Dialog
        open={phase.kind === 'uploading'}
        title={messages.submit.uploadingTitle}
        description={messages.submit.uploadingMessage}
        dismissible={false}
      >
        {phase.kind === 'uploading' ? (
          <div className={styles.progress}>
            <progress max={100} value={phase.progress} aria-label="Upload progress" />
            <span aria-hidden="true">{phase.progress}%</span>
          </div>
        ) : null}
      </Dialog>

      <Dialog
        open={phase.kind === 'failed'}
        title={phase.kind === 'failed' ? phase.title : messages.submit.failedTitle}
        onOpenChange={(open) => (open ? undefined : setPhase({ kind: 'idle' }))}
        onCloseAutoFocus={(event) => {
          // Straight to the first field in error, so the student can fix it (defect 7 of issue 10).
          const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
          if (field) {
            event.preventDefault();
            field.focus();
          }
        }}
        actions={
          <button type="button" className={buttonStyles.button} onClick={() => setPhase({ kind: 'idle' })}>
            OK
          </button>
        }
      >
        {phase.kind === 'failed' ? (
          <ul className={styles.failureList}>
            {phase.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
      </Dialog>

      <Dialog
        open={phase.kind === 'done'}
        title={editing ? messages.submit.updated : messages.submit.created}
        description={messages.submit.profilePointer}
        onOpenChange={(open) => (open ? undefined : finish())}
        actions={
          <>
            <Link className={`${buttonStyles.button} ${buttonStyles.secondary}`} to="/myProfile">
              Go to My Profile
            </Link>
            {phase.kind === 'done' ? (
              <Link
                className={`${buttonStyles.button} ${buttonStyles.secondary}`}
                to={pageAddress.posting(phase.posting.id)}
              >
                View posting
              </Link>
            ) : null}
            <button type="button" className={buttonStyles.button} onClick={finish}>
              OK
            </button>
          </>
        }
      />
    </form>
  );
}
