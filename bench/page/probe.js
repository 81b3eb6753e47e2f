// Injected before the page's own scripts (bench/page/main.ts): counts animation frames, times the book ladders'
// paints (a fillText on a book canvas) and the book's snapshots (the section's data-best-bid, written per snapshot),
// and collects long animation frames. Plain browser script: no imports, nothing on the page depends on it.
(() => {
  const probe = {
    frame: 0,
    last: 0,
    recording: false,
    deltas: [],
    loafs: [],
    loafScripts: [],
    sidePaints: 0,
    firstBookPaint: null,
    liveAt: null,
    /** A market switch under way: { above, threshold, startAt, snapAt, snapFrame, paintAt, paintFrame }. */
    switch: null,
    paintFrame: { ask: -1, bid: -1 },
  };
  globalThis.__probe = probe;
  const tick = (t) => {
    probe.frame++;
    if (probe.recording && probe.last > 0) probe.deltas.push(t - probe.last);
    probe.last = t;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);

  const fillText = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (...args) {
    const side = this.canvas?.dataset?.side;
    if (side && probe.paintFrame[side] !== probe.frame) {
      // One paint of a side per frame, however many texts it draws.
      probe.paintFrame[side] = probe.frame;
      const now = performance.now();
      if (probe.firstBookPaint === null) probe.firstBookPaint = now;
      if (probe.recording) probe.sidePaints++;
      const s = probe.switch;
      if (s && s.snapAt !== null && s.paintAt === null) {
        s.paintAt = now;
        s.paintFrame = probe.frame;
      }
    }
    return fillText.apply(this, args);
  };

  const onMutation = (records) => {
    for (const r of records) {
      const el = r.target;
      if (r.attributeName === 'data-state' && el.dataset.state === 'live' && el.closest('.trade-book')) {
        probe.liveAt ??= performance.now();
      }
      const s = probe.switch;
      if (r.attributeName === 'data-best-bid' && s && s.snapAt === null) {
        const bid = Number(el.dataset.bestBid);
        if (bid > 0 && (s.above ? bid > s.threshold : bid < s.threshold)) {
          s.snapAt = performance.now();
          s.snapFrame = probe.frame;
        }
      }
    }
  };
  new MutationObserver(onMutation).observe(document, {
    subtree: true,
    attributes: true,
    attributeFilter: ['data-state', 'data-best-bid'],
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
