import type { FlexibleStaffing } from '@h5/contract';
import { JUMP_KEY, jumpFallback } from '@h5/core';
import { UPGRADE_TEXT as text } from '../../lib/ui-text/creator-upgrade';
import { SectionCard } from '../../shell/SectionCard';
import styles from '../../shell/screen.module.css';
import { TimeText } from '../../shell/TimeText';

/**
 * Flexible staffing (payout) state where awards are paid: signed with its date, or the signing
 * link as an external-link jump (spec §2 key 5: in the app the platform's jump handler opens it
 * natively, outside the app the browser follows the checked https link).
 */
export function StaffingCard({ staffing }: { staffing: FlexibleStaffing | null }) {
  const link = staffing?.signUrl ? jumpFallback(JUMP_KEY.externalLink, { url: staffing.signUrl }) : null;
  return (
    <SectionCard
      title={text.staffingTitle}
      testId="staffing"
      note={
        link ? (
          <a className={styles.action} href={link} data-testid="staffing-sign">
            {text.staffingSign}
          </a>
        ) : null
      }
    >
      <p className={styles.note}>
        {staffing === null ? (
          '…'
        ) : staffing.signed && staffing.signedAt ? (
          <TimeText at={staffing.signedAt} format={text.staffingSigned} />
        ) : (
          text.staffingNotSigned
        )}
      </p>
    </SectionCard>
  );
}
