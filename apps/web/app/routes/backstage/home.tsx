import { Link } from 'react-router';
import { BACKSTAGE_TEXT as text } from '../../lib/ui-text/backstage';
import styles from './ui/backstage.module.css';
import { BACKSTAGE_PAGES, mayOpen } from './ui/nav';
import { useOperator } from './ui/operator';

/** The backstage's first page: what this operator's role can do. */
export default function BackstageHome() {
  const operator = useOperator();
  const pages = BACKSTAGE_PAGES.filter((page) => page.path !== '/backstage' && mayOpen(operator.role, page));
  return (
    <>
      <h1 className={styles.title}>{text.home}</h1>
      <section className={styles.panel}>
        <p className={styles.note}>{text.homeIntro}</p>
        <ul>
          {pages.map((page) => (
            <li key={page.path}>
              <Link to={page.path}>{page.label}</Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
