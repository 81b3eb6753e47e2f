// Injected before the page's own scripts (bench/page/main.ts, bench/load): counts animation frames, reads what the
// order book says it drew (its section's data-paints and data-drawn-first, written from the worker's `drawn`: the
// worker paints the ladders, off the page's main thread) and its snapshots (data-best-bid, written per snapshot), and
// collects long animation frames. Plain browser script: no imports, nothing on the page depends on it.
(() => {
  const probe = {
    frame: 0,
    last: 0,
    recording: false,
    deltas: [],
    loafs: [],
    loafScripts: [],
    sidePaints: 0,
    /** Page time of the first ladder painted (a fillText on a book canvas: builds that paint on the page). */
    firstBookPaint: null,
    /** Page time of the first ladder painted with a live book, as the book says (the worker's time, made the page's). */
    firstLivePaint: null,
    liveAt: null,
    /** A market switch under way: { above, threshold, startAt, snapAt, paintAt }. */
    switch: null,
    paints: 0,
  };
  globalThis.__probe = probe;
  const tick = (t) => {
    probe.frame++;
    if (probe.recording && probe.last > 0) probe.deltas.push(t - probe.last);
    probe.last = t;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);

  // A build that paints the ladders on the page and says nothing of it (bench/load --baseline-dist runs older ones):
  // a fillText on a book canvas is a side painted, once per frame per side.
  const paintFrame = { ask: -1, bid: -1 };
  const fillText = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (...args) {
    const side = this.canvas?.dataset?.side;
    if (side && paintFrame[side] !== probe.frame && !this.canvas.closest('.trade-book')?.dataset.paints) {
      paintFrame[side] = probe.frame;
      const now = performance.now();
      probe.firstBookPaint ??= now;
      if (probe.recording) probe.sidePaints++;
      const s = probe.switch;
      if (s && s.snapAt !== null && s.paintAt === null) s.paintAt = now;
    }
    return fillText.apply(this, args);
  };

  const sum = (text) => (text ?? '').split(' ').reduce((a, b) => a + (Number(b) || 0), 0);
  /** A worker's time (ms since the epoch) as this page's performance.now(). */
  const pageTime = (wall) => wall - performance.timeOrigin;
  const onBook = (el, name) => {
    if (name === 'data-state' && el.dataset.state === 'live') probe.liveAt ??= performance.now();
    if (name === 'data-paints') {
      const paints = sum(el.dataset.paints);
      if (probe.recording) probe.sidePaints += Math.max(0, paints - probe.paints);
      probe.paints = paints;
    }
    const first = Number(el.dataset.drawnFirst);
    if (name === 'data-drawn-first' && first > 0) probe.firstLivePaint ??= pageTime(first);
    const s = probe.switch;
    if (!s) return;
    const bid = Number(el.dataset.bestBid);
    const arrived = bid > 0 && (s.above ? bid > s.threshold : bid < s.threshold);
    if (name === 'data-best-bid' && arrived && s.snapAt === null) s.snapAt = performance.now();
    // The new market's view, drawn: its first paint (which may come before the page has its snapshot).
    if (arrived && s.paintAt === null && pageTime(first) > s.startAt) s.paintAt = pageTime(first);
  };
  new MutationObserver((records) => {
    for (const r of records) if (r.target.closest?.('.trade-book')) onBook(r.target, r.attributeName);
  }).observe(document, {
    subtree: true,
    attributes: true,
    attributeFilter: ['data-state', 'data-best-bid', 'data-paints', 'data-drawn-first'],
  });
  try {
    new PerformanceObserver((list) => {
      if (!probe.recording) return;
      for (const entry of list.getEntries()) {
        probe.loafs.push(entry.duration);
        // What ran in it, for --loaf: the longest scripts first.
        const scripts = [...(entry.scripts ?? [])].sort((a, b) => b.duration - a.duration).slice(0, 3);
        probe.loafScripts.push(
          `${Math.round(entry.duration)} ms: ${scripts
            .map(
              (s) =>
                `${s.invoker} ${s.sourceFunctionName || ''} ${s.sourceURL.split('/').pop()} ${Math.round(s.duration)} ms`,
            )
            .join(' | ')}`,
        );
      }
    }).observe({ type: 'long-animation-frame' });
  } catch {
    probe.loafs = null;
  }
})();
