// Static, as in QrSvg: the encoder is in the admin chunk anyway, and an import on demand could fail.
import QRCode from 'qrcode';
import { useEffect, useRef } from 'react';

/** Side of the QR image in canvas pixels (product spec §9). */
export const QR_CANVAS_SIZE = 500;

/** High error correction (product spec §9): a printed code still scans when creased or partly covered. */
const ERROR_CORRECTION = 'H';

/** Whether `text` fits a QR code at this error correction (about 1,270 bytes do). */
export function fitsQrCode(text: string): boolean {
  try {
    QRCode.create(text, { errorCorrectionLevel: ERROR_CORRECTION });
    return true;
  } catch {
    return false;
  }
}

/**
 * `text` (which `fitsQrCode`) as a 500×500 QR code with high error correction. CSS scales it down
 * on narrow screens.
 */
export function QrCanvas({ text, label }: { text: string; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    void QRCode.toCanvas(element, text, {
      errorCorrectionLevel: ERROR_CORRECTION,
      width: QR_CANVAS_SIZE,
      margin: 2,
    }).then(() => {
      // The library fixes the CSS size to 500px; clearing it lets the stylesheet scale the
      // image with the screen, keeping its square shape.
      element.style.removeProperty('width');
      element.style.removeProperty('height');
      element.dataset.text = text; // what is drawn now: tests wait for it
    });
  }, [text]);

  return (
    <canvas
      ref={canvas}
      className="qr-canvas"
      width={QR_CANVAS_SIZE}
      height={QR_CANVAS_SIZE}
      role="img"
      aria-label={label}
    />
  );
}
