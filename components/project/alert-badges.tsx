import { AUTOMATIC_ALERT_TEXTS, type AlertOrigin } from '@/lib/alerts';

/**
 * The marks an alert carries beside its type wherever it is listed: "Automatic" when a rule raised it (not an
 * analyst), "Retracted" when the chain fact it rested on is gone. Text labels, so colour is never the only signal.
 */
export function AlertBadges({ origin, retractedAt }: { origin: AlertOrigin | string; retractedAt?: Date | string | null }) {
  return (
    <>
      {origin === 'automatic' ? (
        <span title={AUTOMATIC_ALERT_TEXTS.badgeTitle} className="rounded bg-sky-100 px-1.5 py-0.5 text-xs font-semibold text-sky-900">
          {AUTOMATIC_ALERT_TEXTS.badge}
        </span>
      ) : null}
      {retractedAt ? <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-900">{AUTOMATIC_ALERT_TEXTS.retractedBadge}</span> : null}
    </>
  );
}
