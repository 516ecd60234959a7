/// <reference lib="dom" />
// The statechart's pane: the chart panned and zoomed inside a fixed box (a CSS transform on the drawing), by drag,
// two-finger pinch, the wheel (Ctrl + wheel, or a touchpad pinch, zooms) and the buttons; the current state is
// brought into view whenever it leaves it. Runs only in the browser.

const MIN_ZOOM = 0.03;
const MAX_ZOOM = 3;
/** How far inside the box the current state must stay before the pane moves to it (px). */
const MARGIN = 24;

export class ChartView {
  private readonly box: HTMLElement;
  private x = 0;
  private y = 0;
  private k = 0.75;
  private readonly pointers = new Map<number, { x: number; y: number }>();

  constructor(box: HTMLElement) {
    this.box = box;
    // Graphviz gives its size in points; the drawing is laid out at its natural size in CSS pixels.
    for (const svg of box.querySelectorAll<SVGSVGElement>('.diagram svg')) {
      const w = Number.parseFloat(svg.getAttribute('width') ?? '0') * (4 / 3);
      const h = Number.parseFloat(svg.getAttribute('height') ?? '0') * (4 / 3);
      svg.style.width = `${Math.round(w)}px`;
      svg.style.height = `${Math.round(h)}px`;
    }
    box.addEventListener('pointerdown', (e) => this.down(e));
    box.addEventListener('pointermove', (e) => this.move(e));
    for (const type of ['pointerup', 'pointercancel', 'pointerleave'] as const)
      box.addEventListener(type, (e) => this.pointers.delete(e.pointerId));
    box.addEventListener('wheel', (e) => this.wheel(e), { passive: false });
    this.apply();
  }

  get zoomLevel(): number {
    return this.k;
  }

  /** The drawing shown now (one language, one chart). */
  private shown(): HTMLElement | undefined {
    return [...this.box.querySelectorAll<HTMLElement>('.diagram')].find((d) => d.offsetParent !== null);
  }

  private apply(): void {
    for (const d of this.box.querySelectorAll<HTMLElement>('.diagram'))
      d.style.transform = `translate(${Math.round(this.x)}px, ${Math.round(this.y)}px) scale(${this.k})`;
  }

  /** Zooms by `factor` around a point of the box (its centre by default). */
  zoom(factor: number, at?: { x: number; y: number }): void {
    const k = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, this.k * factor));
    const p = at ?? { x: this.box.clientWidth / 2, y: this.box.clientHeight / 2 };
    this.x = p.x - ((p.x - this.x) * k) / this.k;
    this.y = p.y - ((p.y - this.y) * k) / this.k;
    this.k = k;
    this.apply();
  }

  /** The whole chart in the box. */
  fit(): void {
    const svg = this.shown()?.querySelector('svg');
    if (!svg) return;
    const w = svg.clientWidth || 1;
    const h = svg.clientHeight || 1;
    this.k = Math.max(MIN_ZOOM, Math.min(this.box.clientWidth / w, this.box.clientHeight / h));
    this.x = (this.box.clientWidth - w * this.k) / 2;
    this.y = (this.box.clientHeight - h * this.k) / 2;
    this.apply();
  }

  /** Where an element of the drawing is, in the box's coordinates. */
  private rectOf(el: Element): DOMRect {
    const r = el.getBoundingClientRect();
    const b = this.box.getBoundingClientRect();
    return new DOMRect(r.left - b.left, r.top - b.top, r.width, r.height);
  }

  /** Moves the drawing so that `el` is in the middle of the box. */
  center(el: Element): void {
    const r = this.rectOf(el);
    this.x += this.box.clientWidth / 2 - (r.x + r.width / 2);
    this.y += this.box.clientHeight / 2 - (r.y + r.height / 2);
    this.apply();
  }

  /** Centres `el` when any part of it is outside the box (less a margin); otherwise leaves the pane where it is. */
  keepInView(el: Element): void {
    const r = this.rectOf(el);
    const inside =
      r.x >= MARGIN &&
      r.y >= MARGIN &&
      r.x + r.width <= this.box.clientWidth - MARGIN &&
      r.y + r.height <= this.box.clientHeight - MARGIN;
    if (!inside) this.center(el);
  }

  private down(e: PointerEvent): void {
    if ((e.target as Element | null)?.closest('button')) return;
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    // Keep the drag when the pointer leaves the pane; a pointer the browser no longer tracks cannot be captured.
    try {
      this.box.setPointerCapture(e.pointerId);
    } catch {
      /* the drag still works inside the pane */
    }
  }

  private move(e: PointerEvent): void {
    const last = this.pointers.get(e.pointerId);
    if (!last) return;
    const now = { x: e.clientX, y: e.clientY };
    if (this.pointers.size === 1) {
      this.x += now.x - last.x;
      this.y += now.y - last.y;
      this.pointers.set(e.pointerId, now);
      this.apply();
      return;
    }
    // Two fingers: the distance between them scales the chart around their midpoint.
    const other = [...this.pointers].find(([id]) => id !== e.pointerId)?.[1];
    if (!other) return;
    const before = Math.hypot(last.x - other.x, last.y - other.y) || 1;
    const after = Math.hypot(now.x - other.x, now.y - other.y) || 1;
    const b = this.box.getBoundingClientRect();
    this.pointers.set(e.pointerId, now);
    this.zoom(after / before, { x: (now.x + other.x) / 2 - b.left, y: (now.y + other.y) / 2 - b.top });
  }

  private wheel(e: WheelEvent): void {
    e.preventDefault();
    const b = this.box.getBoundingClientRect();
    if (e.ctrlKey || e.metaKey) this.zoom(Math.exp(-e.deltaY / 300), { x: e.clientX - b.left, y: e.clientY - b.top });
    else {
      this.x -= e.deltaX;
      this.y -= e.deltaY;
      this.apply();
    }
  }
}
