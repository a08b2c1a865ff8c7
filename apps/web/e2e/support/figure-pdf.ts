/*
 * A one-page PDF made here for the dark-pages flow (docs/reading.md#dark-pages): a line of text and an opaque
 * raster figure of four coloured squares (an 8×8 RGB image, drawn 200 pt square). FIGURE_BOX says where
 * the figure is, as fractions of the page from its top-left corner.
 */
const PAGE = { width: 612, height: 792 };
const FIGURE = { x: 206, y: 300, size: 200 };

export const FIGURE_BOX = {
  x: FIGURE.x / PAGE.width,
  y: (PAGE.height - FIGURE.y - FIGURE.size) / PAGE.height,
  width: FIGURE.size / PAGE.width,
  height: FIGURE.size / PAGE.height,
};

/** 8×8 pixels: red, green / blue, orange quadrants, as ASCII hex. */
function figurePixels(): string {
  const colours = [
    ['d62828', '2a9d4b'],
    ['1d4ed8', 'f59e0b'],
  ];
  let hex = '';
  for (let row = 0; row < 8; row += 1) {
    for (let column = 0; column < 8; column += 1) hex += colours[row < 4 ? 0 : 1]?.[column < 4 ? 0 : 1];
  }
  return `${hex}>`;
}

export function figurePdf(): Buffer {
  const content = `BT /F1 24 Tf 72 700 Td (Dark pages keep figures) Tj ET q ${FIGURE.size} 0 0 ${FIGURE.size} ${FIGURE.x} ${FIGURE.y} cm /Im1 Do Q`;
  const pixels = figurePixels();
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> /XObject << /Im1 6 0 R >> >> >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Type /XObject /Subtype /Image /Width 8 /Height 8 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /ASCIIHexDecode /Length ${pixels.length} >>\nstream\n${pixels}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
