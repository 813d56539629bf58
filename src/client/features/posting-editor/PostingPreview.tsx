import { ACADEMIC_YEAR_LABELS, GENDER_LABELS, UTILITIES_LABELS } from '../../../shared/options';
import type { PostingWrite } from '../../../shared/schemas/posting';
import { dateText, placeLabel, rentText } from '../../common/posting-text';
import { useCollege } from '../../shell/config-context';
import styles from './PostingPreview.module.css';

/** The posting as it will read once published, from the validated form values. */
export function PostingPreview({
  posting,
  imageCount,
  memberNames,
}: {
  posting: PostingWrite;
  imageCount: number;
  /** A co-admin's preview: the members as they are kept (only their names are known to them). */
  memberNames?: string[];
}) {
  const config = useCollege();
  const place = placeLabel(config, posting);
  const offCampus = posting.listingLocation === 'offcampus';
  const rent = rentText(posting.monthlyRent, posting.rentType);
  return (
    <div className={styles.preview}>
      <p className={styles.kicker}>{offCampus ? 'Off-Campus' : 'On-Campus'}</p>
      <p className={styles.place}>{place}</p>
      <p className={styles.headline}>
        {posting.curGroupSize} looking for {posting.curNumSeek} more · {posting.aimInteger}-man Housing
      </p>
      <dl className={styles.list}>
        {offCampus ? (
          <>
            <dt>Rent</dt>
            <dd>{rent ?? 'Not given'}</dd>
            <dt>Rental period</dt>
            <dd>
              {dateText(posting.rentStart)} – {dateText(posting.rentEnd)}
            </dd>
            <dt>Utilities</dt>
            <dd>{posting.utilities ? UTILITIES_LABELS[posting.utilities] : 'Not given'}</dd>
          </>
        ) : null}
        <dt>Sublet</dt>
        <dd>{posting.sublet ? 'Yes' : 'No'}</dd>
        <dt>Photos</dt>
        <dd>{imageCount === 0 ? 'None' : imageCount}</dd>
      </dl>
      {posting.description ? <p className={styles.description}>{posting.description}</p> : null}
      <p className={styles.subhead}>Current Group Members ({posting.curGroupSize})</p>
      <ul className={styles.members}>
        {memberNames?.map((name, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: members in their form order
          <li key={i}>{name}</li>
        ))}
        {(memberNames ? [] : posting.members).map((member, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: members in their form order
          <li key={i}>
            {member.name} · {ACADEMIC_YEAR_LABELS[member.academicYear]} ·{' '}
            {member.gender === 'other' && member.customGender ? member.customGender : GENDER_LABELS[member.gender]}
          </li>
        ))}
      </ul>
    </div>
  );
}
