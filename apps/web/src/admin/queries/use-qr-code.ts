/**
 * The self-add QR code of the QR page (API.md 3.6, 4.10, R71): the code of general judging
 * (track "") or of one track, as a query. Opening the page shows the current code, generating one
 * when none exists yet, so an organizer never sees an empty page; generating a new one replaces
 * the kept answer with the server's.
 */
import { endpoints, type QrCode } from '@podium/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { callApi, type ApiResult } from '../../api/client';
import { endpointKey } from '../../queries/query-client';
import { useEndpointQuery } from '../../queries/use-endpoint-query';
import { useQueryInvalidation } from '../../realtime/use-query-invalidation';

/** The link a QR code encodes: the add-self page of this origin (product spec §2, API.md 4.10). */
export function addSelfUrl(origin: string, code: string, track: string): string {
  return `${origin}/add-self?code=${encodeURIComponent(code)}&track=${encodeURIComponent(track)}`;
}

const readOf = (track: string) =>
  track ? { endpoint: endpoints.qrTrackGet, params: { track } } : { endpoint: endpoints.qrGet };

const generateCode = (track: string): Promise<ApiResult<QrCode>> =>
  track ? callApi(endpoints.qrTrackGenerate, { params: { track } }) : callApi(endpoints.qrGenerate);

export interface QrCodeState {
  /** '' until known. */
  code: string;
  /** Why no code can be shown: it could not be read or made. */
  error: string;
  generating: boolean;
  /** Replaces the code of `track` (the old one stops working, R71). */
  generate: () => Promise<ApiResult<QrCode>>;
}

export function useQrCode(track: string): QrCodeState {
  const client = useQueryClient();
  const { endpoint, params } = readOf(track);
  const current = useEndpointQuery(endpoint, { params });
  useQueryInvalidation('admin', {
    'options.changed': [endpoints.qrGet, endpoints.qrTrackGet],
    // Another organizer generated a new code: this page's is dead (R71).
    'qr.changed': [endpoints.qrGet, endpoints.qrTrackGet],
  });
  const generation = useMutation({
    mutationFn: generateCode,
    // Keyed by the track the code was made for, whichever track the page shows by then.
    onSuccess: (result, forTrack) => {
      const read = readOf(forTrack);
      if (result.data) client.setQueryData(endpointKey(read.endpoint, read.params), result.data);
    },
  });

  // No code yet: make one, once per answer (React's development double effects keep the ref).
  const generatedFor = useRef<QrCode | null>(null);
  const { mutate } = generation;
  useEffect(() => {
    if (current.data?.qr_code !== '' || generatedFor.current === current.data) return;
    generatedFor.current = current.data;
    mutate(track);
  }, [current.data, mutate, track]);

  const code = current.data?.qr_code ?? '';
  const failedGeneration = generation.data && !generation.data.data ? generation.data.error : '';
  return {
    code,
    error: code ? '' : current.error || failedGeneration,
    generating: generation.isPending,
    generate: () => generation.mutateAsync(track),
  };
}
