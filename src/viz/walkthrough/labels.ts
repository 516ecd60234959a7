// Where the map's labels go so that none covers another: each label — a space's name, a counter, a mark of what was
// lost, an arrow's words — takes the first free place of its own candidates (nearest its anchor first), among
// everything placed before it; a label that finds no free place goes to a row under the map, tied to its anchor by a
// line. Text is measured by estimate, on the generous side (the page is drawn in Node, where no font can be measured):
// a label's box is never smaller than its text. Pure and deterministic.

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** The share of its font size a character takes, roughly as wide as system sans-serif fonts draw it (rounded up). */
function charWidth(c: string): number {
  if (c === ' ') return 0.3;
  if (/[.,:;'’!|ilI1()[\]]/.test(c)) return 0.34;
  if (/[mwMWШЩЖМЮшщжмю—]/.test(c)) return 0.92;
  if (/[A-ZА-ЯЁ]/.test(c)) return 0.72;
  if (/[а-яё]/.test(c)) return 0.62;
  if (/[0-9]/.test(c)) return 0.6;
  if (/[a-z]/.test(c)) return 0.58;
  return 0.8;
}

/** A text's width in pixels at `size` px (bold text is wider). */
export function textWidth(text: string, size: number, bold = false): number {
  let w = 0;
  for (const c of text) w += charWidth(c);
  return Math.ceil(w * size * (bold ? 1.1 : 1.02));
}

export function overlaps(a: Box, b: Box, gap = 0): boolean {
  return a.x < b.x + b.w + gap && b.x < a.x + a.w + gap && a.y < b.y + b.h + gap && b.y < a.y + a.h + gap;
}

/** How a label wants to sit around its anchor: the offsets it tries, nearest first. */
export type Candidates = (w: number, h: number) => readonly { readonly x: number; readonly y: number }[];

/** Around a point: rings of growing distance, eight directions each, the preferred direction first. */
export function around(
  at: { x: number; y: number },
  first: number,
  prefer: 'below' | 'right' | 'above' = 'below',
): Candidates {
  return (w, h) => {
    const out: { x: number; y: number }[] = [];
    const dirs =
      prefer === 'below'
        ? [
            [0, 1],
            [1, 1],
            [-1, 1],
            [1, 0],
            [-1, 0],
            [0, -1],
            [1, -1],
            [-1, -1],
          ]
        : prefer === 'above'
          ? [
              [0, -1],
              [1, -1],
              [-1, -1],
              [1, 0],
              [-1, 0],
              [0, 1],
              [1, 1],
              [-1, 1],
            ]
          : [
              [1, 0],
              [1, 1],
              [1, -1],
              [0, 1],
              [0, -1],
              [-1, 0],
              [-1, 1],
              [-1, -1],
            ];
    for (let d = first; d <= first + 260; d += 8)
      for (const [dx, dy] of dirs) {
        // The box's nearest edge at distance d from the anchor, in that direction.
        const x = dx! > 0 ? at.x + d : dx! < 0 ? at.x - d - w : at.x - w / 2;
        const y = dy! > 0 ? at.y + d : dy! < 0 ? at.y - d - h : at.y - h / 2;
        out.push({ x, y });
      }
    return out;
  };
}

/** Along a list of points (an arrow's curve), each centred on the point, then a little off it. */
export function along(points: readonly { x: number; y: number }[]): Candidates {
  return (w, h) => {
    const out: { x: number; y: number }[] = [];
    for (const off of [0, -12, 12, -24, 24, -40, 40, -56, 56, -72, 72])
      for (const p of points) out.push({ x: p.x - w / 2, y: p.y - h / 2 + off });
    return out;
  };
}

export class Placer {
  private readonly taken: Box[] = [];
  private readonly width: number;
  private height: number;
  /** Labels that found no place on the map: a row under it, filled from the left. */
  private spill = { x: 6, y: 0, row: 0 };

  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
    this.spill.y = height + 6;
  }

  /** Something labels must not cover (a space's symbol). */
  block(box: Box): void {
    this.taken.push(box);
  }

  private free(box: Box, gap: number): boolean {
    if (box.x < 2 || box.y < 2 || box.x + box.w > this.width - 2 || box.y + box.h > this.height - 2) return false;
    return !this.taken.some((t) => overlaps(t, box, gap));
  }

  /**
   * The first free place among the candidates (at least `gap` pixels from anything placed), or one under the map;
   * `spilled` says that the label had to go there, away from its anchor.
   */
  place(w: number, h: number, candidates: Candidates, gap = 2): Box & { readonly spilled: boolean } {
    for (const c of candidates(w, h)) {
      const box = { x: Math.round(c.x), y: Math.round(c.y), w: Math.ceil(w), h: Math.ceil(h) };
      if (this.free(box, gap)) {
        this.taken.push(box);
        return { ...box, spilled: false };
      }
    }
    if (this.spill.x + w > this.width - 6 && this.spill.x > 6) {
      this.spill = { x: 6, y: this.spill.y + this.spill.row + 6, row: 0 };
    }
    const box = { x: this.spill.x, y: this.spill.y, w: Math.ceil(w), h: Math.ceil(h) };
    this.spill = { x: this.spill.x + box.w + 8, y: this.spill.y, row: Math.max(this.spill.row, box.h) };
    this.taken.push(box);
    return { ...box, spilled: true };
  }

  /** The drawing's height: the map's, and the row under it when a label went there. */
  get bottom(): number {
    return this.spill.row > 0 || this.spill.x > 6 ? this.spill.y + this.spill.row + 6 : this.height;
  }
}
