import QRCode from 'qrcode';
import { useMemo } from 'react';

/**
 * `text` as an SVG QR code drawn from the library's module matrix: crisp when printed, light
 * with hundreds on one page (a canvas per card would hold megabytes), and no HTML injection.
 */
export function QrSvg({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row += 1) {
      for (let col = 0; col < modules.size; col += 1) {
        if (modules.get(row, col)) d += `M${col + 2} ${row + 2}h1v1h-1z`;
      }
    }
    return { size: modules.size + 4, path: d };
  }, [text]);
  return (
    <svg
      className="qr-svg"
      data-text={text}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
