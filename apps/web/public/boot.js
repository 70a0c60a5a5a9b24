// Prerendered pages load the app once they have painted: on a slow link its scripts then do not
// compete with the page's stylesheets for the first paint. apps/web/build/prerender.ts writes this
// code (without its comments) inline in place of the app's module script and preloads: data-entry is
// the app's entry module, data-preload the modules it and the page need.
(function () {
  var boot = document.currentScript;
  var loaded = false;
  function append(rel, href) {
    var el = document.createElement(rel === 'module' ? 'script' : 'link');
    if (rel === 'module') {
      el.type = 'module';
      el.src = href;
    } else {
      el.rel = rel;
      el.href = href;
    }
    el.crossOrigin = '';
    document.head.appendChild(el);
  }
  // The entry first, then its modules' preloads a few per task: starting a fetch costs the main
  // thread ~0.7 ms here (~3 ms on a phone), and all 30-odd at once were one long task.
  function load() {
    if (loaded) return;
    loaded = true;
    append('module', boot.getAttribute('data-entry'));
    var hrefs = (boot.getAttribute('data-preload') || '').split(' ').filter(Boolean);
    (function next() {
      hrefs.splice(0, 4).forEach(function (href) {
        append('modulepreload', href);
      });
      if (hrefs.length > 0) setTimeout(next, 0);
    })();
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
