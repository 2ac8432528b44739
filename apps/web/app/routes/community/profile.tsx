import { PROFILE_BIRTH_YEAR_MIN, type UserProfileFields } from '@h5/contract';
import { useMemo, useState } from 'react';
import { useEntry } from '../../lib/data-layer/use-entry';
import { gatedPrefetch } from '../../lib/gated-prefetch.server';
import { useRootData } from '../../lib/root-data';
import { PROFILE_TEXT as text } from '../../lib/ui-text/profile';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { useAction } from '../../lib/use-action';
import { EntryView } from '../../shell/EntryView';
import { Field } from '../../shell/Field';
import { Placeholder } from '../../shell/Placeholder';
import { Screen } from '../../shell/Screen';
import screen from '../../shell/screen.module.css';
import { useChinaRegions } from '../../shell/use-china-regions';
import type { Route } from './+types/profile';
import styles from './profile.module.css';

const FIELDS = ['gender', 'birthYear', 'region'] as const;
const GENDERS = [
  { value: 1, label: text.genders.male, testId: 'gender-male' },
  { value: 2, label: text.genders.female, testId: 'gender-female' },
  { value: null, label: text.genders.none, testId: 'gender-none' },
] as const;

/** Visitors go to /login?redirect=here; the profile is prefetched (or loaded in the browser on time-out). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const prefetch = await gatedPrefetch(request, context, 'auth.profile', {});
  return { profile: prefetch.data };
}

export const meta: Route.MetaFunction = () => [{ title: `${text.title} · ${SHELL_TEXT.siteTitle}` }];

/**
 * The user's own gender, birth year and region (issue 31 point 5), each optional: what a
 * creator's fans portrait counts. Reached from one's own home (编辑资料); back returns there.
 * The spec's bridge has no user-info message, so nothing is prefilled from the app (docs/api.md).
 */
export default function ProfileScreen({ loaderData }: Route.ComponentProps) {
  const [state, load] = useEntry('auth.profile', {}, loaderData.profile);
  const viewer = useRootData()?.viewer;
  // A fresh tab has no page of ours to go back to: back leads to one's own home.
  const home = viewer ? `/community/user?userId=${viewer.userId}` : '/';
  return (
    <Screen title={text.title} fallback={home} backTestId="profile-back" testId="profile">
      <EntryView state={state} onRetry={load} skeleton={<Placeholder type="loading" compact />}>
        {(profile) => <ProfileForm stored={profile} />}
      </EntryView>
    </Screen>
  );
}

function ProfileForm({ stored }: { stored: UserProfileFields }) {
  const [draft, setDraft] = useState<UserProfileFields>(stored);
  const [saved, setSaved] = useState(false);
  const save = useAction('auth.updateProfile', {
    fields: FIELDS,
    invalidates: ['auth.profile'],
    onDone: (answer) => {
      setDraft(answer);
      setSaved(true);
    },
  });
  const change = (next: Partial<UserProfileFields>) => {
    setDraft({ ...draft, ...next });
    setSaved(false);
    save.reset();
  };
  const years = useMemo(() => {
    const thisYear = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
    return Array.from({ length: thisYear - PROFILE_BIRTH_YEAR_MIN + 1 }, (_, i) => thisYear - i);
  }, []);
  return (
    <form
      className={screen.card}
      noValidate
      data-testid="profile-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save.run(draft);
      }}
    >
      <p className={styles.lead}>{text.lead}</p>
      <div className={screen.field}>
        <span className={screen.label} id="profile-gender">
          {text.gender}
        </span>
        <fieldset className={styles.segments} aria-labelledby="profile-gender">
          {GENDERS.map((g) => (
            <label key={g.testId} className={styles.segment} data-testid={g.testId}>
              <input
                type="radio"
                name="gender"
                checked={draft.gender === g.value}
                onChange={() => change({ gender: g.value })}
              />
              {g.label}
            </label>
          ))}
        </fieldset>
        {save.fieldErrors.gender ? (
          <span className={screen.error} role="alert" data-testid="error-gender">
            {save.fieldErrors.gender}
          </span>
        ) : null}
      </div>
      <Field label={text.birthYear} error={save.fieldErrors.birthYear} errorTestId="error-birthYear">
        <select
          className={styles.select}
          name="birthYear"
          value={draft.birthYear ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            change({ birthYear: value ? Number(value) : null });
          }}
          aria-invalid={save.fieldErrors.birthYear !== undefined}
          data-testid="profile-birth-year"
        >
          <option value="">{text.choose}</option>
          {years.map((year) => (
            <option key={year} value={year}>
              {text.yearOption(year)}
            </option>
          ))}
        </select>
      </Field>
      <ProvinceField
        value={draft.region}
        error={save.fieldErrors.region}
        onChange={(region) => change({ region })}
      />
      {save.error ? (
        <p className={screen.error} role="alert" data-testid="profile-error">
          {save.error}
        </p>
      ) : null}
      <button type="submit" className={screen.primary} disabled={save.busy} data-testid="profile-save">
        {save.busy ? text.saving : text.save}
      </button>
      {saved ? (
        <p className={styles.saved} role="status" data-testid="profile-saved">
          {text.saved}
        </p>
      ) : null}
    </form>
  );
}

/**
 * The province, from the national division the address form uses (@vant/area-data, decision 015,
 * loaded in its own chunk). Until it arrives the select holds the stored name only.
 */
function ProvinceField({
  value,
  error,
  onChange,
}: {
  value: string | null;
  error: string | undefined;
  onChange: (region: string | null) => void;
}) {
  const [regions, retry] = useChinaRegions();
  const provinces = regions.tree ? [...regions.tree.keys()] : value ? [value] : [];
  return (
    <Field label={text.region} error={error} errorTestId="error-region">
      <select
        className={styles.select}
        name="region"
        value={value ?? ''}
        onChange={(event) => onChange(event.currentTarget.value || null)}
        disabled={!regions.tree}
        aria-invalid={error !== undefined}
        data-testid="profile-region"
        data-status={regions.status}
      >
        <option value="">{regions.status === 'loading' ? text.regionsLoading : text.choose}</option>
        {provinces.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      {regions.status === 'failed' ? (
        <span className={screen.error} role="alert">
          {text.regionsFailed}
          <button type="button" className={styles.retry} onClick={retry} data-testid="region-retry">
            {text.retry}
          </button>
        </span>
      ) : null}
    </Field>
  );
}
