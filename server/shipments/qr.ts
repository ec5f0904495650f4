import { encodeQR } from '@paulmillr/qr';

// The driver's link as a QR code (docs/requirements.md §12.7), drawn on the server: one path of the
// dark modules, a few kilobytes inline in the page, no script and no image request. The encoding is
// the library's (@paulmillr/qr, README.md's runtime dependencies); only the drawing is ours.

/** Medium error correction (15 %): a phone's camera reads it off a screen or a print slightly worn. */
export function qrSvg(text: string) {
  const modules = encodeQR(text, 'raw', { ecc: 'medium', border: 0 });
  const size = modules.length;
  const quiet = 4;
  let path = '';
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x + quiet} ${y + quiet}h1v1h-1z`;
    });
  });
  const side = size + 2 * quiet;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" width="240" height="240" shape-rendering="crispEdges"><rect width="${side}" height="${side}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}
