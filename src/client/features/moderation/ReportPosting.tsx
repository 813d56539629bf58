import { useState } from 'react';
import { Link } from 'react-router';
import { RETURN_FIELD } from '../../../shared/form-posts';
import { memberFormActions } from '../../../shared/member-form-posts';
import { messages } from '../../../shared/messages';
import {
  moderationMessages,
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
} from '../../../shared/moderation';
import { pageAddress } from '../../../shared/page-addresses';
import { ApiError } from '../../api/client';
import { ReportDialog, type ReportOutcome } from '../../common/ReportDialog';
import dialogStyles from '../../common/ReportDialog.module.css';
import buttonStyles from '../../ui/Button.module.css';
import { DrawnOpener } from '../../ui/DrawnOpener';
import fieldStyles from '../../ui/FormField.module.css';
import { useReportPosting } from './api';
import styles from './Moderation.module.css';

// The shared schema loads when the form is first used, not with the detail view.
const loadReportSchema = () =>
  import('../../../shared/schemas/moderation').then((module) => module.reportRequestSchema);

/** The detail view's address with the report form drawn in it: `?report=open#report-posting`. */
export const REPORT_PARAM = 'report';
const REPORT_OPEN = 'open';
const REPORT_ANCHOR = 'report-posting';

/** Whether the page's address asks for the report form in the page. */
export const reportFormAsked = (params: URLSearchParams) => params.get(REPORT_PARAM) === REPORT_OPEN;

const describe = (place: string) =>
  `Tell the moderators what is wrong with the posting at ${place}. The group is not told who reported it.`;

/**
 * The detail view's 'Report posting' button and its dialog (issue 14). Not shown to the posting's
 * admin. Before the scripts, or without them, the button is a plain form that opens this page with
 * the report form in it (`ReportInPage`, issue 31); once they are here, it opens the dialog.
 */
export function ReportPosting({ postingId, place }: { postingId: string; place: string }) {
  const report = useReportPosting(postingId);
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<ReportOutcome | null>(null);

  return (
    <>
      <DrawnOpener
        action={`/detailView#${REPORT_ANCHOR}`}
        fields={[
          ['id', postingId],
          [REPORT_PARAM, REPORT_OPEN],
        ]}
        onOpen={() => setOpen(true)}
        className={`${buttonStyles.button} ${buttonStyles.secondary}`}
      >
        Report posting
      </DrawnOpener>
      <ReportDialog
        schema={loadReportSchema}
        open={open}
        title="Report this posting"
        description={describe(place)}
        sending={report.isPending}
        outcome={outcome}
        onSend={(input) =>
          report.mutate(input, {
            onSuccess: () => setOutcome({ sent: true, title: 'Report Sent', message: moderationMessages.reported }),
            onError: (error) =>
              setOutcome(
                error instanceof ApiError
                  ? { sent: false, title: error.title, message: error.message }
                  : {
                      sent: false,
                      title: moderationMessages.reportFailedTitle,
                      message: messages.api.internal.message,
                    },
              ),
          })
        }
        onClose={() => {
          setOpen(false);
          setOutcome(null);
        }}
      />
    </>
  );
}

/**
 * The report form drawn in the detail view (`?report=open`): the dialog's reason and details as a
 * plain form that posts to the server, which goes back to the posting saying what happened. What
 * is chosen and typed is the browser's own (no state of ours), so the scripts' arrival keeps it.
 */
export function ReportInPage({ postingId, place }: { postingId: string; place: string }) {
  const page = pageAddress.posting(postingId);
  const ids = { title: `${REPORT_ANCHOR}-title`, details: `${REPORT_ANCHOR}-details` };
  return (
    <section id={REPORT_ANCHOR} className={styles.drawnReport} aria-labelledby={ids.title}>
      <h2 id={ids.title}>Report this posting</h2>
      <p>{describe(place)}</p>
      <form method="post" action={memberFormActions.report(postingId)} className={dialogStyles.form}>
        <input type="hidden" name={RETURN_FIELD} value={page} />
        <fieldset className={dialogStyles.reasons}>
          <legend className={fieldStyles.label}>Reason</legend>
          {REPORT_REASONS.map((value) => (
            <label key={value} className={dialogStyles.reason}>
              <input type="radio" name="reason" value={value} required />
              {REPORT_REASON_LABELS[value]}
            </label>
          ))}
        </fieldset>
        <div className={fieldStyles.field}>
          <label className={fieldStyles.label} htmlFor={ids.details}>
            Details (optional)
          </label>
          <p id={`${ids.details}-hint`} className={fieldStyles.hint}>
            Up to {REPORT_DETAILS_MAX_LENGTH.toLocaleString('en-US')} characters.
          </p>
          <textarea
            id={ids.details}
            name="details"
            className={fieldStyles.control}
            rows={4}
            maxLength={REPORT_DETAILS_MAX_LENGTH}
            aria-describedby={`${ids.details}-hint`}
          />
        </div>
        <div className={styles.drawnActions}>
          <button type="submit" className={buttonStyles.button}>
            Send report
          </button>
          <Link className={`${buttonStyles.button} ${buttonStyles.secondary}`} to={page}>
            Cancel
          </Link>
        </div>
      </form>
    </section>
  );
}
