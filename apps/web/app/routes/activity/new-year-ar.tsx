import { useEntry } from '../../lib/data-layer/use-entry';
import { dataOf, prefetch } from '../../lib/prefetch.server';
import { ACTIVITY_TEXT } from '../../lib/ui-text/activity';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { ProductCard } from '../../shell/product/ProductCard';
import { EntryCard } from '../../shell/SectionCard';
import screen from '../../shell/screen.module.css';
// The product card's styles are global (the article's cards): the same look here.
import '../../shell/product/detail-media.css';
import type { Route } from './+types/new-year-ar';
import { ActivityShell } from './ActivityShell';
import styles from './activity.module.css';
import { loadActivity } from './activity-loader.server';
import { HackingTasks } from './HackingTasks';

const CODE = 'new-year-ar';
const text = ACTIVITY_TEXT.newYear;

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.window?.title ?? ''} · ${SHELL_TEXT.siteTitle}` },
];

export async function loader({ context }: Route.LoaderArgs) {
  const [activity, spus, tasks] = await Promise.all([
    loadActivity(context, CODE),
    prefetch(context, 'activity.arSpuList', {}),
    prefetch(context, 'activity.hackingTaskList', { code: CODE }),
  ]);
  return { ...activity, spus: dataOf(spus), tasks: dataOf(tasks) };
}

/** The new-year AR activity (issue 17 point 5): inside its window the AR products and the hacking tasks. */
export default function NewYearArScreen({ loaderData }: Route.ComponentProps) {
  return (
    <ActivityShell code={CODE} seed={loaderData.window} lead={text.lead} rules={text.rules} theme="night">
      {() => (
        <>
          <ArProducts seed={loaderData.spus} />
          <HackingTasks code={CODE} seed={loaderData.tasks} />
        </>
      )}
    </ActivityShell>
  );
}

function ArProducts({ seed }: { seed: Route.ComponentProps['loaderData']['spus'] }) {
  const [spus, reload] = useEntry('activity.arSpuList', {}, seed);
  return (
    <EntryCard title={text.productsTitle} testId="ar-products" entry={[spus, reload]}>
      {({ list }) =>
        list.length > 0 ? (
          <div className={styles.products}>
            {list.map((product) => (
              <ProductCard key={product.spuId} product={product} />
            ))}
          </div>
        ) : (
          <p className={screen.note}>{text.productsEmpty}</p>
        )
      }
    </EntryCard>
  );
}
