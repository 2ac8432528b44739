import { useNavigate } from 'react-router';
import { SHELL_TEXT } from '../lib/ui-text/shell';
import styles from './icon-button.module.css';

/**
 * Back one step when this tab came here through a page of ours, else to `fallback`: a fresh tab
 * or an outside link has no page of ours to go back to. React Router's browser history numbers
 * its entries in `history.state.idx`, 0 being the first page of this site in the tab.
 */
export function BackButton({ fallback, testId }: { fallback: string; testId?: string }) {
  const navigate = useNavigate();
  const goBack = () => {
    const idx = (window.history.state as { idx?: unknown } | null)?.idx;
    if (typeof idx === 'number' && idx > 0) navigate(-1);
    else navigate(fallback, { replace: true });
  };
  return (
    <button
      type="button"
      className={styles.back}
      onClick={goBack}
      aria-label={SHELL_TEXT.back}
      data-testid={testId}
    />
  );
}
