import { useSearchParams } from 'react-router-dom';
import { Page } from '../../components/Page';

/** `/admin/qr?track=…`: the self-add QR code of general judging or of one track. */
export function QrCodePage() {
  const [searchParams] = useSearchParams();
  const track = searchParams.get('track');
  return <Page heading={`${track || 'General'} Judging QR Code`} admin back="/admin/add-judges" />;
}
