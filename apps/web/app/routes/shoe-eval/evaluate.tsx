import {
  SHOE_EVAL_MAX_IMAGES,
  SHOE_EVAL_MAX_TEXT,
  type ShoeDimensions,
  type ShoeEvalInfo,
} from '@h5/contract';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { putEntry } from '../../lib/data-layer/put-entry';
import { gatedPrefetch } from '../../lib/gated-prefetch.server';
import { queryId } from '../../lib/query-id';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { SHOE_EVAL_TEXT as text } from '../../lib/ui-text/shoe-eval';
import { useAction } from '../../lib/use-action';
import { SHOE_EVAL_FOLDER } from '../../platform/upload/upload-config';
import { useUploadQueue } from '../../platform/upload/use-upload-queue';
import { Field } from '../../shell/Field';
import { Placeholder } from '../../shell/Placeholder';
import { Screen } from '../../shell/Screen';
import shell from '../../shell/screen.module.css';
import { EvidenceGrid } from '../../shell/upload/EvidenceGrid';
import type { Route } from './+types/evaluate';
import { StarInput } from './StarInput';
import styles from './shoe-eval.module.css';

export const meta: Route.MetaFunction = () => [{ title: `${text.evaluateTitle} · ${SHELL_TEXT.siteTitle}` }];

/** Login only: a visitor goes to the login and comes back here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const spuId = queryId(request, 'spuId');
  if (spuId === null) return { spuId, info: null };
  const info = await gatedPrefetch(request, context, 'shoeEval.shoeEvalInfo', { spuId });
  return { spuId, info: info.data };
}

/** The evaluation form: the 0–10 score in half steps on five stars, three dimensions in stars, text, up to 9 photos. */
export default function ShoeEvaluate({ loaderData }: Route.ComponentProps) {
  const { spuId, info } = loaderData;
  return (
    <Screen
      title={text.evaluateTitle}
      fallback={spuId ? `/shoe-eval/spu?spuId=${spuId}` : '/shoe-eval'}
      testId="shoe-evaluate"
    >
      {spuId === null || info === null ? (
        <Placeholder type="empty" text={text.notOpen} home />
      ) : info.mine ? (
        <section className={shell.card}>
          <p className={shell.note}>{text.done}</p>
          <Link className={styles.cta} to={`/shoe-eval/spu?spuId=${spuId}`}>
            {text.mine}
          </Link>
        </section>
      ) : (
        <EvaluateForm info={info} />
      )}
    </Screen>
  );
}

const DIMENSIONS = ['comfort', 'looks', 'value'] as const;
/** The form's inputs: a 400 naming one shows its reason (the form has one error line). */
const EVALUATE_FIELDS = ['score', 'text', 'images'];

function EvaluateForm({ info }: { info: ShoeEvalInfo }) {
  const navigate = useNavigate();
  const spuId = info.product.spuId;
  const [score, setScore] = useState(8);
  const [dims, setDims] = useState<ShoeDimensions>({ comfort: 4, looks: 4, value: 4 });
  const [words, setWords] = useState('');
  const ids = useId();
  const uploads = useUploadQueue(SHOE_EVAL_MAX_IMAGES, SHOE_EVAL_FOLDER);
  const evaluate = useAction('shoeEval.shoeEvaluate', {
    fields: EVALUATE_FIELDS,
    invalidates: ['shoeEval.shoeEvalList'],
    onDone: (next) => {
      // The answer is the product as it is now: the product page shows it without a request.
      putEntry('shoeEval.shoeEvalInfo', { spuId }, next);
      navigate(`/shoe-eval/spu?spuId=${spuId}`, { replace: true });
    },
  });
  const error = Object.values(evaluate.fieldErrors)[0] ?? evaluate.error;
  return (
    <form
      className={styles.form}
      noValidate
      data-testid="shoe-evaluate-form"
      onSubmit={(event) => {
        event.preventDefault();
        void evaluate.run({
          spuId,
          score,
          dimensions: dims,
          text: words,
          images: uploads.keys.map((key) => ({ key })),
        });
      }}
    >
      <section className={shell.card}>
        <h2 className={styles.name}>{info.product.title}</h2>
        <fieldset className={styles.field}>
          <legend className={styles.legend} id={`${ids}-score`}>
            {text.score}
          </legend>
          <div className={styles.rating}>
            <StarInput
              name="score"
              labelledBy={`${ids}-score`}
              value={score}
              onChange={setScore}
              perStar={2}
              stepsPerStar={4}
              labelOf={text.scoreValue}
            />
            <output className={styles.ratingValue} data-testid="shoe-evaluate-score">
              {text.scoreValue(score)}
            </output>
          </div>
        </fieldset>
        {DIMENSIONS.map((k) => (
          <fieldset key={k} className={styles.field}>
            <legend className={styles.legend} id={`${ids}-${k}`}>
              {text.dimensions[k]}
            </legend>
            <div className={styles.rating}>
              <StarInput
                name={k}
                labelledBy={`${ids}-${k}`}
                value={dims[k]}
                onChange={(n) => setDims((d) => ({ ...d, [k]: n }))}
                perStar={1}
                stepsPerStar={1}
                labelOf={text.starsLabel}
                testIdPrefix={`dim-${k}`}
              />
              <span className={styles.ratingValue}>{text.dimensionWord[dims[k] - 1]}</span>
            </div>
          </fieldset>
        ))}
        <Field className={styles.field} label={text.textLabel}>
          <textarea
            className={styles.textarea}
            name="text"
            maxLength={SHOE_EVAL_MAX_TEXT}
            placeholder={text.textPlaceholder}
            value={words}
            onChange={(e) => setWords(e.currentTarget.value)}
          />
          <span className={styles.counter}>{text.counter(words.length, SHOE_EVAL_MAX_TEXT)}</span>
        </Field>
      </section>
      <EvidenceGrid uploads={uploads} max={SHOE_EVAL_MAX_IMAGES} title={text.photos} />
      {error ? (
        <p className={shell.error} role="alert" data-testid="shoe-evaluate-error">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        className={styles.cta}
        disabled={evaluate.busy || uploads.pending}
        data-testid="shoe-evaluate-submit"
      >
        {uploads.pending ? text.waitUpload : evaluate.busy ? text.submitting : text.submit}
      </button>
    </form>
  );
}
