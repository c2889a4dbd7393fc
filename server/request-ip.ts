import 'server-only';

/** The client address as the proxy in front of us reports it; "unknown" when there is none. */
export function clientIp(headers: Headers): string {
  const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return (forwarded || headers.get('x-real-ip')?.trim() || 'unknown').slice(0, 64);
}
