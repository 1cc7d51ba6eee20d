// The prerendered home page (home.html) shows without any script: the app's own script is fetched only
// after that first paint, so a fast connection cannot put its parsing and hydration before the paint.
(function () {
  var src = document.currentScript && document.currentScript.getAttribute('data-src');
  if (!src) return;
  var loaded = false;
  function load() {
    if (loaded) return;
    loaded = true;
    var script = document.createElement('script');
    script.src = src;
    document.head.appendChild(script);
  }
  // After the next frame has painted; the timer covers a hidden tab, where frames do not run.
  requestAnimationFrame(function () {
    setTimeout(load, 0);
  });
  setTimeout(load, 500);
})();
