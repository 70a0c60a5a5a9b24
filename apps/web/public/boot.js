// Prerendered pages load the app once they have painted: on a slow link its scripts then do not
// compete with the page's stylesheets for the first paint. apps/web/build/prerender.ts writes this
// code (without its comments) inline in place of the app's module script and preloads: data-entry is
// the app's entry module, data-preload the modules it and the page need.
(function () {
  var boot = document.currentScript;
  var loaded = false;
  function load() {
    if (loaded) return;
    loaded = true;
    (boot.getAttribute('data-preload') || '').split(' ').forEach(function (href) {
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = boot.getAttribute('data-entry');
    document.head.appendChild(script);
  }
  // Once the first contentful paint is on screen (the paint entry comes after it is presented). A
  // hidden tab paints nothing: load at once there; and never wait more than 3 s.
  if (document.visibilityState === 'hidden' || typeof PerformanceObserver === 'undefined') return load();
  new PerformanceObserver(function (list, observer) {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(load, 0);
  }).observe({ type: 'paint', buffered: true });
  setTimeout(load, 3000);
})();
