/// The built-in page, the single-page "intermediate page" of the original article done right:
/// - In Safari (`#guide`): the icon, the title and how to add the shortcut (Share, then
///   "Add to Home Screen"), the toolbar glyphs drawn with inline SVG. Shown without JavaScript too.
/// - From the home screen (`navigator.standalone`, or `display-mode: standalone`), `#intermediate`:
///   "You are about to enter <app>", the icon and an Open link (`#open`); the app URL is opened
///   after 400 ms, and again each time the page is shown anew (`pageshow` from the back-forward
///   cache, `visibilitychange` on return), so reopening the shortcut never gives a blank page.
/// - Served from this server (`/p/<id>`), the guide also links the shortcut's web clip profile
///   (`/w/<id>.mobileconfig`), whose icon opens the app even while the server is off, registers the
///   offline worker and records on `<html data-offline>` what came of it; where no worker can be had (a
///   LAN address over plain HTTP is not a secure context) it says in one line that the icon needs the
///   server running, and what to use instead.
///
/// Everything is inline: the Content-Security-Policy allows inline script and style and `data:`
/// images, plus this server's web app manifest and service worker (`manifest-src`, `worker-src`: 'self',
/// which a data: page, an opaque origin, never matches). There is one `<img id="icon">`; the script moves
/// it into whichever screen shows.
enum DefaultTemplate {
    static let html = #"""
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; manifest-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'none'">
        <meta name="color-scheme" content="light dark">
        <meta name="apple-mobile-web-app-capable" content="yes">
        <meta name="mobile-web-app-capable" content="yes">
        <meta name="apple-mobile-web-app-title" content="{{title}}">
        <meta name="apple-mobile-web-app-status-bar-style" content="default">
        <meta name="format-detection" content="telephone=no">
        <link rel="apple-touch-icon" href="{{icon}}">
        <title>{{title}}</title>
        <style>
        :root { --bg: #f2f2f7; --card: #ffffff; --text: #1c1c1e; --muted: #6c6c70; --accent: #007aff; --on-accent: #ffffff; --line: rgba(60, 60, 67, 0.18); }
        @media (prefers-color-scheme: dark) {
          :root { --bg: #000000; --card: #1c1c1e; --text: #f2f2f7; --muted: #98989f; --accent: #0a84ff; --line: rgba(84, 84, 88, 0.6); }
        }
        * { box-sizing: border-box; }
        [hidden] { display: none !important; }
        html, body { margin: 0; min-height: 100%; background: var(--bg); color: var(--text); }
        body { font: 17px/1.4 -apple-system, BlinkMacSystemFont, "Helvetica Neue", Helvetica, Arial, sans-serif; -webkit-text-size-adjust: 100%;
          padding: env(safe-area-inset-top) env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left); }
        .screen { min-height: 100vh; display: flex; flex-direction: column; align-items: center; padding: 48px 24px 112px; text-align: center; }
        .app-icon { width: 96px; height: 96px; border-radius: 22px; object-fit: cover; box-shadow: 0 4px 16px rgba(0, 0, 0, 0.18); }
        h1 { font-size: 24px; margin: 16px 0 4px; overflow-wrap: anywhere; }
        .lead { color: var(--muted); margin: 0 0 24px; }
        .steps { list-style: none; margin: 0; padding: 0; width: 100%; max-width: 360px; background: var(--card); border-radius: 14px; text-align: left; }
        .steps li { display: flex; align-items: center; gap: 12px; padding: 14px 16px; }
        .steps li + li { border-top: 1px solid var(--line); }
        .steps .text { flex: 1; }
        .n { flex: none; width: 24px; height: 24px; border-radius: 12px; background: var(--accent); color: var(--on-accent); font-size: 14px; font-weight: 600; line-height: 24px; text-align: center; }
        .glyph { flex: none; width: 28px; height: 28px; color: var(--accent); }
        .hint { position: fixed; left: 50%; bottom: calc(8px + env(safe-area-inset-bottom)); width: 32px; height: 32px; margin-left: -16px; color: var(--accent); animation: bob 1.2s ease-in-out infinite; }
        @keyframes bob { 50% { transform: translateY(8px); } }
        @media (prefers-reduced-motion: reduce) { .hint { animation: none; } }
        @media (max-height: 640px) { .hint { display: none; } }
        .intermediate { justify-content: center; padding-bottom: 48px; }
        .about { color: var(--muted); margin: 0 0 20px; }
        .app-name { font-size: 22px; font-weight: 600; margin: 16px 0 32px; overflow-wrap: anywhere; }
        .button { display: block; width: 100%; max-width: 320px; padding: 14px 20px; border-radius: 14px; background: var(--accent); color: var(--on-accent); font-weight: 600; text-decoration: none; }
        .button:active { opacity: 0.7; }
        .alt { max-width: 360px; margin: 20px 0 0; color: var(--muted); font-size: 15px; }
        .alt a { color: var(--accent); }
        </style>
        </head>
        <body>
        <main id="guide" class="screen">
          <img id="icon" class="app-icon" src="{{icon}}" alt="" width="96" height="96">
          <h1 id="title">{{title}}</h1>
          <p class="lead">Add this shortcut to your Home Screen</p>
          <ol class="steps">
            <li><span class="n">1</span><span class="text">Tap <strong>Share</strong> in the toolbar</span>
              <svg class="glyph" viewBox="0 0 28 28" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M10 11H7.5A1.5 1.5 0 0 0 6 12.5v11A1.5 1.5 0 0 0 7.5 25h13a1.5 1.5 0 0 0 1.5-1.5v-11a1.5 1.5 0 0 0-1.5-1.5H18"/><path d="M14 3v14M9.5 7.5 14 3l4.5 4.5"/></svg></li>
            <li><span class="n">2</span><span class="text">Choose <strong>Add to Home Screen</strong></span>
              <svg class="glyph" viewBox="0 0 28 28" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><rect x="4" y="4" width="20" height="20" rx="5"/><path d="M14 9v10M9 14h10"/></svg></li>
            <li><span class="n">3</span><span class="text">Tap <strong>Add</strong>, then open the shortcut from your Home Screen</span></li>
          </ol>
          <p id="profile" class="alt" hidden>Or <a id="profile-link">install it as a profile</a>, then open Settings, tap <strong>Profile Downloaded</strong>, then <strong>Install</strong>. That icon opens the app directly, even while this server is off.</p>
          <p id="offline-note" class="alt" hidden>This icon needs the server running. For an icon that works while it is off, install the profile above, or open this page over HTTPS.</p>
          <svg class="hint" viewBox="0 0 32 32" fill="none" stroke="currentColor" stroke-width="3" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M16 4v22M7 17l9 9 9-9"/></svg>
        </main>
        <main id="intermediate" class="screen intermediate" hidden>
          <p class="about">You are about to enter</p>
          <p id="app-name" class="app-name">{{app_name}}</p>
          <a id="open" class="button" href="{{url}}">Open</a>
        </main>
        <script>
        (function () {
          "use strict";
          var url = {{url_js}};
          var delay = 400;
          var guide = document.getElementById("guide");
          var intermediate = document.getElementById("intermediate");
          var icon = document.getElementById("icon");
          var appName = document.getElementById("app-name");
          var timer = 0;
          function isStandalone() {
            if (window.navigator.standalone === true) { return true; }
            try {
              return !!(window.matchMedia && window.matchMedia("(display-mode: standalone)").matches);
            } catch (e) {
              return false;
            }
          }
          function openApp() {
            timer = 0;
            window.location.href = url;
          }
          function show() {
            var standalone = isStandalone();
            guide.hidden = standalone;
            intermediate.hidden = !standalone;
            if (standalone) {
              intermediate.insertBefore(icon, appName);
              if (!timer) { timer = window.setTimeout(openApp, delay); }
            } else {
              guide.insertBefore(icon, guide.firstChild);
            }
          }
          // Served as /p/<id> (page mode), the page offers the shortcut's web clip profile too; as a data: URL
          // (data mode) it has no server to offer one from.
          var served = /^\/p\/([A-Za-z0-9_-]{1,64})$/.exec(window.location.pathname);
          if (served && /^https?:$/.test(window.location.protocol)) {
            document.getElementById("profile-link").href = "/w/" + served[1] + ".mobileconfig";
            document.getElementById("profile").hidden = false;
            // Offline: the manifest names this page as a standalone web app, and the worker keeps a copy of it
            // for launches while the server cannot be reached.
            var manifest = document.createElement("link");
            manifest.rel = "manifest";
            manifest.href = served[0] + "/manifest.webmanifest";
            document.head.appendChild(manifest);
            // What the worker did, on <html data-offline>: "ready" once a worker controls the page (a launch
            // while the server is off then shows the kept copy), "registering", "unavailable: …" where no
            // worker can be had, "failed: …". A page opened by a LAN address over plain HTTP is not a secure
            // context, so it gets no worker: it says so, and offers the profile or HTTPS instead.
            var root = document.documentElement;
            var offline = function (state) { root.setAttribute("data-offline", state); };
            if (!window.isSecureContext) {
              offline("unavailable: not a secure context");
              document.getElementById("offline-note").hidden = false;
            } else if (!navigator.serviceWorker) {
              offline("unavailable: no service worker support");
            } else {
              offline(navigator.serviceWorker.controller ? "ready" : "registering");
              navigator.serviceWorker.addEventListener("controllerchange", function () {
                if (navigator.serviceWorker.controller) { offline("ready"); }
              });
              // A refused registration (private browsing, storage off) leaves the page as it was, and says why.
              navigator.serviceWorker.register(served[0] + "/sw.js", { scope: served[0] }).catch(function (error) {
                offline("failed: " + String((error && (error.name || error.message)) || "error").slice(0, 80));
              });
            }
          }
          show();
          window.addEventListener("pageshow", function (event) {
            if (event.persisted) { show(); }
          });
          document.addEventListener("visibilitychange", function () {
            if (document.visibilityState === "visible") {
              show();
            } else if (timer) {
              window.clearTimeout(timer);
              timer = 0;
            }
          });
        })();
        </script>
        </body>
        </html>

        """#
}
