import { shortAddress } from '@/lib/alerts';

/** A contract or account address: short on screen, whole on hover and for screen readers, linked to the explorer when one is set. */
export function Address({ value, explorerUrl }: { value: string; explorerUrl: string | null }) {
  const text = (
    <code title={value} className="font-mono text-xs">
      <span aria-hidden>{shortAddress(value)}</span>
      <span className="sr-only">{value}</span>
    </code>
  );
  return explorerUrl ? (
    <a href={`${explorerUrl}/address/${value}`} target="_blank" rel="noopener noreferrer" className="hover:underline">
      {text}
    </a>
  ) : (
    text
  );
}
