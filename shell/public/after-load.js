// A server-rendered page starts the app once it has loaded (ADR 012): the HTML already shows the page and
// its links and forms work, so the first screen's photos get the bandwidth first and the scripts follow.
(function () {
  var boot = document.currentScript;
  function start() {
    (boot.getAttribute('data-scripts') || '').split(' ').forEach(function (src) {
      if (!src) return;
      var script = document.createElement('script');
      script.src = src;
      // In the order given (config.js before main.js), as the deferred tags they replace.
      script.async = false;
      document.head.appendChild(script);
    });
  }
  // A click on a control only the app answers (data-early-click: the menu buttons, the favorite heart) before it has
  // started is kept; the control answers it once hydrated (shared/src/ui/early-click.ts).
  document.addEventListener(
    'click',
    function (event) {
      var control = !window.__battledeckStarted && event.target instanceof Element && event.target.closest('[data-early-click]');
      if (control) window.__battledeckEarlyClick = control.getAttribute('data-early-click');
    },
    true,
  );
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
})();
