/// The playground's shared script, served as `/static/playground.js`: keeps a form post's answer
/// from being posted again on reload, and counts points up. It reads only `data-` attributes the
/// server escaped; no server text is ever evaluated.
enum PlaygroundScript {
    static let javascript = #"""
    "use strict";
    document.addEventListener("DOMContentLoaded", () => {
      // A page answering a form post names its own address: reloading it then reads, not posts again.
      const canonical = document.body.dataset.canonical;
      if (canonical) { history.replaceState(null, "", canonical); }

      // Points counting up from what the player had to what they have now.
      const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      for (const element of document.querySelectorAll("[data-count-to]")) {
        const from = Number(element.dataset.countFrom), to = Number(element.dataset.countTo);
        if (reduce || !Number.isFinite(from) || !Number.isFinite(to) || from === to) {
          element.textContent = String(to);
          element.dataset.counted = "done";
          continue;
        }
        const duration = 900, start = performance.now();
        const step = (now) => {
          const progress = Math.min(1, (now - start) / duration);
          element.textContent = String(Math.round(from + (to - from) * progress));
          if (progress < 1) { requestAnimationFrame(step); } else { element.dataset.counted = "done"; }
        };
        element.textContent = String(from);
        requestAnimationFrame(step);
      }
    });
    """#
}
