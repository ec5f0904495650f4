/**
 * A one-page PDF, the smallest a reader opens without repairing it, that the CV child judges
 * before its memory is measured and capped (server/untrusted/capped-child.ts): pdf.js then holds
 * its parsed code and first structures, which are the child's and not a file's.
 */
export function cvPdfForWarmUp() {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R >>',
    '<< /Length 0 >>\nstream\n\nendstream',
  ];
  let text = '%PDF-1.7\n';
  const offsets = objects.map((body, n) => {
    const offset = text.length;
    text += `${n + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = text.length;
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}
