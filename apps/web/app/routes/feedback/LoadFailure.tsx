import { FEEDBACK_TEXT as text } from '../../lib/ui-text/feedback';
import { OutcomeCard } from '../../shell/OutcomeCard';

/** A form the server will not show (a missing target, a bad link): its sentence and the way back. */
export function LoadFailure({ message, back }: { message: string; back: string }) {
  return (
    <OutcomeCard
      body={message}
      action={{ label: text.back, to: back }}
      role="alert"
      testId="feedback-load-error"
    />
  );
}
