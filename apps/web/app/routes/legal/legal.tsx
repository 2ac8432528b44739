import { notFound } from '../../lib/not-found';
import { LEGAL_TEXT, type LegalDoc } from '../../lib/ui-text/legal';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import layout from '../../shell/list-page.module.css';
import { PageHeader } from '../../shell/PageHeader';
import type { Route } from './+types/legal';
import styles from './legal.module.css';

const isDoc = (doc: string): doc is LegalDoc => Object.hasOwn(LEGAL_TEXT, doc);

/** The user agreement or the privacy policy (the web login's consent line links here). */
export function loader({ params }: Route.LoaderArgs) {
  if (!isDoc(params.doc)) throw notFound();
  return { doc: params.doc };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? [{ title: `${LEGAL_TEXT[data.doc].title} · ${SHELL_TEXT.siteTitle}` }] : [];

export default function LegalScreen({ loaderData }: Route.ComponentProps) {
  const { title, sections } = LEGAL_TEXT[loaderData.doc];
  return (
    <div className={layout.screen} data-testid="legal">
      <PageHeader title={title} fallback="/login" />
      <main className={`${layout.main} ${styles.doc}`}>
        {sections.map(([heading, text]) => (
          <section key={heading}>
            <h2 className={styles.heading}>{heading}</h2>
            <p className={styles.text}>{text}</p>
          </section>
        ))}
      </main>
    </div>
  );
}
