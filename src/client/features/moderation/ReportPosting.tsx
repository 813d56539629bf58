import { useState } from 'react';
import { messages } from '../../../shared/messages';
import { moderationMessages } from '../../../shared/moderation';
import { ApiError } from '../../api/client';
import { ReportDialog, type ReportOutcome } from '../../common/ReportDialog';
import buttonStyles from '../../ui/Button.module.css';
import { useReportPosting } from './api';

// The shared schema loads when the form is first used, not with the detail view.
const loadReportSchema = () =>
  import('../../../shared/schemas/moderation').then((module) => module.reportRequestSchema);

/** The detail view's 'Report posting' button and its dialog (issue 14). Not shown to the posting's admin. */
export function ReportPosting({ postingId, place }: { postingId: string; place: string }) {
  const report = useReportPosting(postingId);
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<ReportOutcome | null>(null);

  return (
    <>
      <button
        type="button"
        className={`${buttonStyles.button} ${buttonStyles.secondary}`}
        onClick={() => setOpen(true)}
      >
        Report posting
      </button>
      <ReportDialog
        schema={loadReportSchema}
        open={open}
        title="Report this posting"
        description={`Tell the moderators what is wrong with the posting at ${place}. The group is not told who reported it.`}
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
