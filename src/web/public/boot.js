/*
 * Starts the app on a server-rendered page (decision 090) once the page has been painted: the
 * page and its main image come first, then the app's code is fetched (all its chunks at once,
 * from data-preload) and run. At most 300 ms after this script runs if no frame comes.
 *
 * Until the app has taken over (it sets <html data-hydrated>), a click on a button, a checkbox
 * or a radio is held and made again once the app answers, so a shopper who taps "Add to basket"
 * while the page is still loading is not ignored. Links need no help: they work without the app.
 */
(function () {
  var script = document.currentScript;
  var app = script && script.getAttribute('data-app');
  if (!app) return;
  var root = document.documentElement;
  var held = [];

  function hydrated() {
    return root.hasAttribute('data-hydrated');
  }

  function hold(event) {
    if (hydrated() || !event.target || !event.target.closest) return;
    var control = event.target.closest('button, [role="button"], input[type="checkbox"], input[type="radio"]');
    if (!control || control.disabled) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(control);
  }

  function replay() {
    document.removeEventListener('click', hold, true);
    var controls = held;
    held = [];
    for (var i = 0; i < controls.length; i += 1) {
      if (controls[i].isConnected) controls[i].click();
    }
  }

  document.addEventListener('click', hold, true);
  new MutationObserver(function (records, observer) {
    if (!hydrated()) return;
    observer.disconnect();
    replay();
  }).observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });

  var started = false;
  function start() {
    if (started) return;
    started = true;
    var chunks = (script.getAttribute('data-preload') || '').split(' ');
    for (var i = 0; i < chunks.length; i += 1) {
      if (!chunks[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = 'anonymous';
      link.href = chunks[i];
      document.head.appendChild(link);
    }
    import(app);
  }
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 300);
})();
