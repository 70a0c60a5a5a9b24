import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REGIONS, ZRegion, type TRegion, type TRegionInfo, type TUser } from '@ferry/contracts';
import { apiProblem } from '../../../app/api-error';
import { showToast } from '../../../components/toasts';
import { useUpdateMeMutation } from './account.api';
import { useRegionsQuery } from './settings.api';
import { measureLatency, speedBars } from './speed-bars';

/** Each region's latency from this browser: a number (ms), null when it did not answer, undefined while measuring. */
type Latencies = Partial<Record<TRegion, number | null>>;

/** Times every region's speed-test object, one after the other (parallel HEADs would slow each other down). */
function useLatencies(regions: TRegionInfo[] | undefined): Latencies {
  const [latencies, setLatencies] = useState<Latencies>({});
  useEffect(() => {
    if (!regions) return;
    let isCancelled = false;
    void (async () => {
      for (const region of regions) {
        const ms = await measureLatency(region.speedTestUrl);
        if (isCancelled) return;
        setLatencies((before) => ({ ...before, [region.id]: ms }));
      }
    })();
    return () => {
      isCancelled = true;
    };
  }, [regions]);
  return latencies;
}

/** Five bars, as many lit as the latency earns; what they mean is said in words for screen readers. */
function SpeedBars({ latency }: { latency: number | null | undefined }) {
  const { t } = useTranslation('account');
  if (latency === undefined) return <span className="speed-bars__text">{t('residency.measuring')}</span>;
  const bars = latency === null ? 2 : speedBars(latency);
  const label = latency === null ? t('residency.noAnswer') : t('residency.bars', { bars, ms: Math.round(latency) });
  return (
    <span className="speed-bars" role="img" aria-label={label} title={label}>
      {[1, 2, 3, 4, 5].map((bar) => (
        <span key={bar} className={`speed-bars__bar${bar <= bars ? ' speed-bars__bar--on' : ''}`} style={{ height: `${4 + bar * 3}px` }} />
      ))}
      <span className="speed-bars__text" aria-hidden="true">
        {latency === null ? '—' : t('residency.ms', { ms: Math.round(latency) })}
      </span>
    </span>
  );
}

/**
 * Data residency: where new transfers and requests are stored (`PATCH /me` region; required), with
 * speed bars per region measured from this browser. An admin's choice holds for the whole team;
 * a member's files go where the admin chose.
 */
export function DataResidencyTab({ user }: { user: TUser }) {
  const { t } = useTranslation(['account', 'marketing']);
  const [region, setRegion] = useState<string>(user.region);
  const [updateMe, { isLoading }] = useUpdateMeMutation();
  const { data } = useRegionsQuery();
  const latencies = useLatencies(data?.regions);
  const cityOf = (id: TRegion) => t(`marketing:regions.${id}.city`);

  if (user.isTeamMember) {
    const admin = user.parentAdmin?.parentAdminFullName ?? user.parentAdmin?.parentEmail ?? '';
    return <p className="dash-card">{t('residency.member', { admin })}</p>;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZRegion.safeParse(region);
    if (!parsed.success) return;
    try {
      await updateMe({ region: parsed.data }).unwrap();
      showToast({ title: t('residency.saved', { city: cityOf(parsed.data) }), kind: 'success' });
    } catch (error) {
      showToast({ title: t('residency.notSaved'), message: apiProblem(error).message, kind: 'error' });
    }
  }

  return (
    <form className="dash-card account-form" onSubmit={(e) => void onSubmit(e)}>
      <p>{t('residency.intro')}</p>
      <p className="hint">{t('residency.team')}</p>
      <div className="field">
        <label htmlFor="residency-region">{t('residency.label')}</label>
        <select id="residency-region" required value={region} onChange={(e) => setRegion(e.target.value)}>
          <option value="" disabled>
            {t('residency.placeholder')}
          </option>
          {REGIONS.map((id) => (
            <option key={id} value={id}>
              {cityOf(id)} · {t(`marketing:regions.${id}.area`)}
            </option>
          ))}
        </select>
      </div>
      <h3 className="residency__speed-title" id="residency-speed">
        {t('residency.speedTitle')}
      </h3>
      <ul className="residency__speeds" aria-labelledby="residency-speed">
        {REGIONS.map((id) => (
          <li key={id} className={`residency__speed${id === region ? ' residency__speed--chosen' : ''}`} data-region={id}>
            <span className="residency__city">{cityOf(id)}</span>
            <SpeedBars latency={latencies[id]} />
          </li>
        ))}
      </ul>
      <p className="hint">{t('residency.speedHint')}</p>
      <button type="submit" className="button" disabled={isLoading || !ZRegion.safeParse(region).success}>
        {t('residency.save')}
      </button>
    </form>
  );
}
