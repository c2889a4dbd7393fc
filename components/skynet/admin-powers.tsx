import 'server-only';

import Link from 'next/link';

import { Address } from '@/components/skynet/address';
import { CardSection } from '@/components/ui/card-section';
import { evmChainName } from '@/lib/alerts';
import { formatDate } from '@/lib/format';
import { formatDelay, type AdminPowersView, type AdminRiskLevel } from '@/lib/skynet/admin-powers';
import { ADMIN_POWERS_TEXTS as TEXT } from '@/lib/skynet/admin-powers-texts';
import { getConfig } from '@/server/config';
import { listAdminPowers } from '@/server/skynet/admin-powers-read';

const RISK_TONES: Record<AdminRiskLevel, string> = {
  low: 'border-emerald-600/40 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  medium: 'border-amber-600/40 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  high: 'border-red-600/40 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100',
};

type Holder = AdminPowersView['holders'][number];
type HolderLink = Holder['links'][number];

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/**
 * "Signers: 0x12…34, 0x56…78"; the zero address in a timelock's executors means anyone may execute, and `self` (a
 * timelock among its own admins) reads as "itself". A note follows the list in brackets.
 */
function AddressList({
  label,
  addresses,
  explorerUrl,
  empty = TEXT.nobody,
  self,
  note,
}: {
  label: string;
  addresses: string[];
  explorerUrl: string | null;
  empty?: string;
  self?: string;
  note?: string;
}) {
  return (
    <span className="text-xs text-muted-foreground">
      {label}:{' '}
      {addresses.length === 0
        ? empty
        : addresses.map((address, index) => (
            <span key={address}>
              {index > 0 ? ', ' : ''}
              {address === ZERO_ADDRESS ? TEXT.anyone : address === self ? TEXT.itself : <Address value={address} explorerUrl={explorerUrl} />}
            </span>
          ))}
      {note ? ` (${note})` : null}
    </span>
  );
}

/** A Safe's modules (each acts alone, so the page says so) and guard; absent from readings taken before Skynet read them. */
function SafeExtensions({ link, explorerUrl }: { link: HolderLink; explorerUrl: string | null }) {
  return (
    <>
      {link.modules === null ? (
        <span className="text-xs text-muted-foreground">
          {TEXT.modules}: {TEXT.modulesUnknown}
        </span>
      ) : link.modules ? (
        <AddressList label={TEXT.modules} addresses={link.modules} explorerUrl={explorerUrl} empty={TEXT.none} note={link.modules.length ? TEXT.modulesActAlone : undefined} />
      ) : null}
      {link.guard !== undefined ? <AddressList label={TEXT.guard} addresses={link.guard ? [link.guard] : []} explorerUrl={explorerUrl} empty={TEXT.none} /> : null}
    </>
  );
}

/** Who may change a timelock's roles: itself alone (through its delay), or other admins who can do it at once. */
function TimelockAdmins({ link, explorerUrl }: { link: HolderLink; explorerUrl: string | null }) {
  if (!link.admins) return null;
  if (link.selfAdministered) return <span className="text-xs text-muted-foreground">{TEXT.administersItself}</span>;
  const others = link.admins.some((admin) => admin !== link.address);
  return <AddressList label={TEXT.administeredBy} addresses={link.admins} explorerUrl={explorerUrl} self={link.address} note={others ? TEXT.adminsAtOnce : undefined} />;
}

function linkText(link: HolderLink): string {
  if (link.kind === 'eoa') return TEXT.link.eoa;
  if (link.kind === 'safe') return TEXT.link.safe(link.threshold ?? 0, link.owners?.length ?? 0);
  if (link.kind === 'timelock') return TEXT.link.timelock(formatDelay(link.minDelay ?? 0));
  if (link.kind === 'owned-contract') return TEXT.link.ownedContract;
  return TEXT.link.unknownContract;
}

/** One holder followed to the end: each link of the chain (a timelock owned by a Safe: two), with what was read. */
function HolderChain({ holder, explorerUrl }: { holder: Holder; explorerUrl: string | null }) {
  return (
    <li className="grid gap-1">
      <span className="font-medium">{TEXT.privilege(holder.privilege)}</span>
      <ol className="grid gap-1 border-l-2 pl-3">
        {holder.links.map((link) => (
          <li key={link.address} className="grid gap-0.5">
            <span>
              <Address value={link.address} explorerUrl={explorerUrl} />: {linkText(link)}
            </span>
            {link.kind === 'safe' ? (
              <>
                <AddressList label={TEXT.safeOwners} addresses={link.owners ?? []} explorerUrl={explorerUrl} />
                <SafeExtensions link={link} explorerUrl={explorerUrl} />
              </>
            ) : null}
            {link.kind === 'timelock' ? (
              <>
                <AddressList label={TEXT.proposers} addresses={link.proposers ?? []} explorerUrl={explorerUrl} />
                <AddressList label={TEXT.executors} addresses={link.executors ?? []} explorerUrl={explorerUrl} />
                {link.cancellers ? <AddressList label={TEXT.cancellers} addresses={link.cancellers} explorerUrl={explorerUrl} /> : null}
                <TimelockAdmins link={link} explorerUrl={explorerUrl} />
              </>
            ) : null}
          </li>
        ))}
      </ol>
      {holder.truncated ? <span className="text-xs text-muted-foreground">{TEXT.truncated}</span> : null}
    </li>
  );
}

/**
 * One watched contract's reading: summary and risk first, then the proxy, the holders, the powers, the rule and the
 * history. Any text may wrap anywhere: addresses and evidence must not widen a phone's screen.
 */
function ContractPowers({ reading, explorerUrl }: { reading: AdminPowersView; explorerUrl: string | null }) {
  const headingId = `admin-powers-${reading.chainId}-${reading.address}`;
  return (
    <li aria-labelledby={headingId} className="grid min-w-0 gap-3 rounded-lg border p-3 text-sm wrap-anywhere">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-medium">
          <Address value={reading.address} explorerUrl={explorerUrl} /> on {evmChainName(reading.chainId)}
        </h3>
        <span className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${RISK_TONES[reading.riskLevel]}`}>{TEXT.risk[reading.riskLevel]}</span>
      </div>
      <p className="text-base font-semibold">{reading.summary}</p>

      <p>{TEXT.pattern[reading.pattern]}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 empty:hidden">
        {reading.implementation ? (
          <>
            <dt className="text-muted-foreground">{TEXT.implementation}</dt>
            <dd>
              <Address value={reading.implementation} explorerUrl={explorerUrl} />
            </dd>
          </>
        ) : null}
        {reading.proxyAdmin ? (
          <>
            <dt className="text-muted-foreground">{TEXT.proxyAdmin}</dt>
            <dd>
              <Address value={reading.proxyAdmin} explorerUrl={explorerUrl} />
            </dd>
          </>
        ) : null}
      </dl>

      {reading.holders.length > 0 ? (
        <div className="grid gap-1">
          <h4 className="font-medium">{TEXT.holdersTitle}</h4>
          <ul className="grid gap-2">
            {reading.holders.map((holder) => (
              <HolderChain key={`${holder.privilege}-${holder.holder}`} holder={holder} explorerUrl={explorerUrl} />
            ))}
          </ul>
        </div>
      ) : null}

      {reading.powers.length > 0 ? (
        <div className="grid gap-1">
          <h4 className="font-medium">{TEXT.powersTitle}</h4>
          <ul className="grid gap-1">
            {reading.powers.map((power) => (
              <li key={power.category}>
                <span className="font-medium">{TEXT.power[power.category]}</span>{' '}
                <span className="font-mono text-xs break-all text-muted-foreground">({power.functions.join(', ')})</span>: {TEXT.heldBy}{' '}
                {power.holder ? <Address value={power.holder} explorerUrl={explorerUrl} /> : TEXT.noHolder},{' '}
                {TEXT.delay(power.delaySeconds > 0 ? formatDelay(power.delaySeconds) : null)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="grid gap-1">
        <h4 className="font-medium">{TEXT.ruleTitle}</h4>
        <p>
          {reading.riskRule}{' '}
          <Link href="/resources/methodology#admin-powers" className="underline underline-offset-2">
            {TEXT.methodologyLink}
          </Link>
        </p>
      </div>

      {reading.pattern !== 'none' || reading.upgrades.length > 0 ? (
        <div className="grid gap-1">
          <h4 className="font-medium">{TEXT.upgradesTitle}</h4>
          {reading.upgrades.length === 0 ? (
            <p className="text-muted-foreground">{TEXT.noUpgrades}</p>
          ) : (
            <ol className="grid gap-1">
              {reading.upgrades.map((upgrade) => (
                <li key={`${upgrade.txHash}-${upgrade.logIndex}`}>
                  {TEXT.upgrade[upgrade.kind]} <Address value={upgrade.to} explorerUrl={explorerUrl} />, {TEXT.block}{' '}
                  {explorerUrl ? (
                    <a href={`${explorerUrl}/tx/${upgrade.txHash}`} className="underline underline-offset-2" rel="noreferrer">
                      {upgrade.blockNumber.toLocaleString('en-US')}
                    </a>
                  ) : (
                    <span title={upgrade.txHash}>{upgrade.blockNumber.toLocaleString('en-US')}</span>
                  )}
                </li>
              ))}
            </ol>
          )}
        </div>
      ) : null}

      <details className="text-xs">
        <summary className="cursor-pointer">{TEXT.evidenceTitle}</summary>
        <ul className="mt-1 grid gap-0.5">
          {[...reading.evidence, ...reading.holders.flatMap((holder) => holder.links.map((link) => ({ method: 'chain', detail: `${link.address}: ${link.evidence}` })))].map((item, index) => (
            <li key={index}>
              <span className="font-mono">{item.method}</span>: {item.detail}
            </li>
          ))}
        </ul>
      </details>
      <p className="text-xs text-muted-foreground">{TEXT.readAt(reading.blockNumber, formatDate(reading.readAt))}</p>
    </li>
  );
}

/** Admin powers of every watched contract the chain has been read for (#20); nothing before Skynet's first reading. */
export async function AdminPowersPanel({ projectId }: { projectId: string }) {
  const readings = await listAdminPowers(projectId);
  if (readings.length === 0) return null;
  const { explorerUrl } = getConfig();
  return (
    <CardSection id="admin-powers-heading" title={TEXT.title} headingClassName="mb-2">
      <p className="mb-4 text-sm text-muted-foreground">{TEXT.intro}</p>
      <ul className="grid gap-3">
        {readings.map((reading) => (
          <ContractPowers key={`${reading.chainId}-${reading.address}`} reading={reading} explorerUrl={explorerUrl} />
        ))}
      </ul>
    </CardSection>
  );
}
