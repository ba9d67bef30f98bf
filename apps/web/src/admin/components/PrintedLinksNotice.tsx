import { endpoints, linkReach } from '@podium/protocol';
import { useEndpointQuery } from '../../queries/use-endpoint-query';

/**
 * The base of the links printed on cards: `PUBLIC_URL`, or else the address this browser used
 * (`GET /admin/links`); undefined until the server answered, `error` empty unless it failed.
 */
export function usePrintedLinksBase(): { base: string | undefined; error: string } {
  const links = useEndpointQuery(endpoints.publicLinks);
  return { base: links.data?.base_url, error: links.error };
}

/**
 * Warns, before anything is printed, when the links on a page would open only on this computer
 * or only on the venue's network (issue 32: cards printed from `127.0.0.1` led nowhere). `remedy`
 * replaces the advice to set `PUBLIC_URL`, for a page whose links do not follow it.
 */
export function PrintedLinksNotice({ base, remedy }: { base: string; remedy?: string }) {
  const reach = linkReach(base);
  if (reach === 'public') return null;
  const where =
    reach === 'loopback'
      ? "this computer's own address: phones cannot open them."
      : "a private address: only phones on the same network (the venue's Wi-Fi) can open them.";
  const advice =
    remedy ??
    (reach === 'loopback'
      ? 'Set PUBLIC_URL to the address phones use (docs/deploy.md), restart Podium, then print.'
      : 'If judges or teams may use mobile data, set PUBLIC_URL to a public address (docs/deploy.md) and restart Podium before printing.');
  return (
    <p className="page-warning printed-links-notice" role="note">
      These links point at <strong>{base}</strong>, {where} {advice}
    </p>
  );
}
