import HTTPVocabulary

/// The probe (`GET /probe`): a page the user opens on their own phone, which tries each delivery path there
/// and reports what happened (`POST /probe/report`), so that "untested on iPhone" becomes a fact about
/// their phone. Its checks:
/// - `secure_context`, and `service_worker`: a worker with scope `/probe/` registers and controls a frame
///   (`/probe/frame`);
/// - `data_redirect`: whether a frame follows `/probe/data-redirect`, a 301 to a `data:` page (data mode's
///   delivery; at the top level, iOS 16.4 and later refuse it);
/// - `standalone`, `controlled` (the page itself came through the worker: a home-screen launch of
///   `/probe/home`, the manifest's start), `storage_persisted`, the user agent;
/// - `app_url`: a button that tries the app URL the page was given, and whether the page was then hidden.
/// A report that cannot reach the server (an offline launch) is kept in local storage and sent, marked
/// `kept_offline`, at the next launch that reaches it.
///
/// Every script is inline and constant (the page's `Content-Security-Policy` lists their hashes); the one
/// variable, the app URL, is an HTML-escaped attribute the script reads.
package enum ProbePage {
    /// The path of the worker's scope, and of everything it keeps.
    package static let scope = "/probe/"
    /// The manifest's start: inside the worker's scope, so a home-screen launch can come from it.
    package static let homePath = "/probe/home"
    /// How long the page waits for the app to come forward after it opened the app URL, in milliseconds.
    package static let appURLWaitMilliseconds = 2_500

    /// The page, at `/probe` and `/probe/home`. `appURL` is a checked app URL (`AppURL.validate`), or nil
    /// for no app button; `manifestPath` is the manifest's URL path with its query.
    package static func html(appURL: String?, manifestPath: String) -> String {
        let open = appURL.map { " data-open=\"\(Escape.html($0))\"" } ?? ""
        return """
            <!doctype html>
            <html lang="en"\(open) data-probe="running">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
            <meta name="color-scheme" content="light dark">
            <meta name="apple-mobile-web-app-capable" content="yes">
            <meta name="apple-mobile-web-app-title" content="Probe">
            <link rel="manifest" href="\(Escape.html(manifestPath))">
            <link rel="apple-touch-icon" href="/probe/icon.png">
            <title>shortcut-serve probe</title>
            <style>
            :root { --bg: #f2f2f7; --card: #fff; --text: #1c1c1e; --muted: #6c6c70; --good: #248a3d; --bad: #d70015; --accent: #007aff; }
            @media (prefers-color-scheme: dark) { :root { --bg: #000; --card: #1c1c1e; --text: #f2f2f7; --muted: #98989f; --good: #30d158; --bad: #ff453a; --accent: #0a84ff; } }
            [hidden] { display: none !important; }
            body { margin: 0; background: var(--bg); color: var(--text); font: 16px/1.4 -apple-system, system-ui, sans-serif;
              padding: calc(16px + env(safe-area-inset-top)) 16px calc(24px + env(safe-area-inset-bottom)); }
            main { max-width: 30rem; margin: 0 auto; }
            h1 { font-size: 22px; margin: 8px 0; } p { color: var(--muted); margin: 8px 0 16px; }
            table { width: 100%; border-collapse: collapse; background: var(--card); border-radius: 12px; overflow: hidden; }
            th, td { text-align: left; padding: 10px 12px; border-bottom: 1px solid rgba(128, 128, 128, 0.25); vertical-align: top; }
            th { font-weight: 500; width: 45%; } td { overflow-wrap: anywhere; }
            .good { color: var(--good); } .bad { color: var(--bad); }
            button { font: inherit; margin: 16px 0 0; padding: 12px 16px; border: 0; border-radius: 10px; background: var(--accent); color: #fff; width: 100%; }
            #advice { color: var(--text); font-weight: 500; }
            </style>
            </head>
            <body>
            <main>
            <h1>shortcut-serve probe</h1>
            <p>This page tries each way an icon can open your feature on this phone and tells the server. Add it to the
            Home Screen and open it from there to test a launch; stop the server and open it again to test an offline launch.</p>
            <table>
            <tr><th>Secure context</th><td id="secure_context">…</td></tr>
            <tr><th>Service worker</th><td id="service_worker">…</td></tr>
            <tr><th>Redirect to data: (frame)</th><td id="data_redirect">…</td></tr>
            <tr><th>Launched from Home Screen</th><td id="standalone">…</td></tr>
            <tr><th>Served by the worker</th><td id="controlled">…</td></tr>
            <tr><th>Storage persisted</th><td id="storage_persisted">…</td></tr>
            <tr><th>App URL</th><td id="app_url">not tried</td></tr>
            <tr><th>Browser</th><td id="user_agent"></td></tr>
            </table>
            <button id="try-app" type="button" hidden>Try the app URL</button>
            <p id="status">Checking…</p>
            <p id="advice"></p>
            </main>
            <script>\(script)</script>
            </body>
            </html>

            """
    }

    /// The page's script.
    package static let script = """
        "use strict";
        (function () {
          var root = document.documentElement;
          var PENDING = "shortcut-serve-probe-pending", MAX_PENDING = 5;
          var openURL = root.getAttribute("data-open");
          function $(id) { return document.getElementById(id); }
          function show(id, text, good) {
            $(id).textContent = text;
            $(id).className = good === true ? "good" : good === false ? "bad" : "";
          }
          // Safari's "Add to Home Screen" may keep the address shown rather than the manifest's start: make it
          // that start, inside the worker's scope, so a launch from the icon can come through the worker.
          if (location.pathname === "/probe") { history.replaceState(null, "", "/probe/home" + location.search); }
          function yesNo(value) { return value === true ? "yes" : value === false ? "no" : "unknown"; }
          function wait(ms) { return new Promise(function (resolve) { setTimeout(resolve, ms); }); }
          var report = {
            origin: location.origin, user_agent: navigator.userAgent, secure_context: window.isSecureContext === true,
            standalone: navigator.standalone === true || window.matchMedia("(display-mode: standalone)").matches,
            controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller)
          };
          show("secure_context", yesNo(report.secure_context), report.secure_context);
          show("standalone", yesNo(report.standalone));
          show("controlled", yesNo(report.controlled), report.standalone ? report.controlled : undefined);
          show("user_agent", navigator.userAgent);

          // A frame's message of `kind`, or null after `ms`.
          function frameMessage(src, kind, ms) {
            return new Promise(function (resolve) {
              var frame = document.createElement("iframe"), done = false;
              frame.hidden = true;
              function finish(value) {
                if (done) { return; }
                done = true;
                window.removeEventListener("message", onMessage);
                frame.remove();
                resolve(value);
              }
              function onMessage(event) {
                if (event.source === frame.contentWindow && event.data && event.data.probe === kind) { finish(event.data); }
              }
              window.addEventListener("message", onMessage);
              setTimeout(function () { finish(null); }, ms);
              frame.src = src;
              document.body.appendChild(frame);
            });
          }

          function activated(registration) {
            var worker = registration.active || registration.waiting || registration.installing;
            return new Promise(function (resolve, reject) {
              function check() {
                if (worker.state === "activated") { resolve(); }
                if (worker.state === "redundant") { reject(new Error("the worker was discarded")); }
              }
              worker.addEventListener("statechange", check);
              check();
              setTimeout(function () { reject(new Error("the worker did not activate within 10 s")); }, 10000);
            });
          }

          async function serviceWorker() {
            if (!window.isSecureContext) { return [false, "not a secure context"]; }
            if (!("serviceWorker" in navigator)) { return [false, "this browser has no service workers"]; }
            try {
              await activated(await navigator.serviceWorker.register("/probe/sw.js", { scope: "/probe/" }));
              var answer = await frameMessage("/probe/frame", "frame", 10000);
              if (!answer) { return [false, "the probe frame did not answer"]; }
              return answer.controlled ? [true, null] : [false, "the worker registered but did not control the frame"];
            } catch (error) {
              return [false, String((error && error.message) || error).slice(0, 200)];
            }
          }

          function pending() {
            try { return JSON.parse(localStorage.getItem(PENDING) || "[]").slice(-MAX_PENDING); } catch (error) { return []; }
          }
          function keep(body) {
            try {
              var kept = pending();
              body.kept_offline = true;
              kept.push(body);
              localStorage.setItem(PENDING, JSON.stringify(kept.slice(-MAX_PENDING)));
            } catch (error) {}
          }
          // The server's answer, or null when it cannot be reached (a network error, or a tunnel's 502/503/504).
          async function post(body) {
            try {
              var response = await fetch("/probe/report", { method: "POST", cache: "no-store",
                headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
              if (response.status === 502 || response.status === 503 || response.status === 504) { return null; }
              return { status: response.status, body: await response.json().catch(function () { return {}; }) };
            } catch (error) {
              return null;
            }
          }
          async function deliver(body) {
            var kept = pending();
            if (kept.length) {
              localStorage.removeItem(PENDING);
              for (var i = 0; i < kept.length; i++) {
                if (!(await post(kept[i]))) { keep(kept[i]); }
              }
            }
            var answer = await post(body);
            if (!answer) {
              keep(body);
              root.setAttribute("data-probe", "kept");
              show("status", "The server could not be reached: the result is kept on this phone and sent at the next launch that reaches it.");
              return;
            }
            root.setAttribute("data-probe", answer.status === 201 ? "sent" : "refused");
            show("status", answer.status === 201 ? "Sent to the server as report #" + answer.body.sequence + "."
              : "The server refused the report (" + answer.status + "): " + (answer.body.reason || ""));
            if (answer.body.use) { show("advice", answer.body.use); }
          }

          async function run() {
            var worker = await serviceWorker();
            report.service_worker = worker[0];
            if (!worker[0]) { report.service_worker_reason = worker[1]; }
            show("service_worker", worker[0] ? "yes" : "no: " + worker[1], worker[0]);
            var followed = await frameMessage("/probe/data-redirect", "data_redirect", 3000);
            report.data_redirect = followed ? "followed" : "refused";
            show("data_redirect", report.data_redirect, !!followed);
            if (navigator.storage && navigator.storage.persisted) {
              try { report.storage_persisted = await navigator.storage.persisted(); } catch (error) {}
            }
            show("storage_persisted", yesNo(report.storage_persisted));
            await deliver(report);
          }

          if (openURL) {
            var button = $("try-app");
            button.hidden = false;
            button.textContent = "Try " + openURL;
            button.addEventListener("click", function () {
              var hidden = false, sent = false;
              function result(outcome) {
                if (sent) { return; }
                sent = true;
                var body = Object.assign({}, report, { app_url: outcome });
                show("app_url", outcome, outcome === "opened");
                if (outcome === "opened" && navigator.sendBeacon) {
                  // The app is in front and this page may be frozen any moment: a beacon survives that.
                  navigator.sendBeacon("/probe/report", new Blob([JSON.stringify(body)], { type: "application/json" }));
                } else {
                  deliver(body);
                }
              }
              function onHide() { if (document.visibilityState === "hidden") { hidden = true; result("opened"); } }
              document.addEventListener("visibilitychange", onHide);
              window.addEventListener("pagehide", function () { hidden = true; result("opened"); });
              setTimeout(function () { result(hidden ? "opened" : "not opened"); }, \(appURLWaitMilliseconds));
              location.href = openURL;
            });
          }
          run();
        })();
        """

    /// `/probe/frame`: tells its parent whether a worker controls it.
    package static let frameHTML = """
        <!doctype html><html lang="en"><head><meta charset="utf-8"><title>probe frame</title></head><body><script>\(frameScript)</script></body></html>

        """

    /// The frame's script.
    package static let frameScript = """
        parent.postMessage({ probe: "frame", controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller) }, location.origin);
        """

    /// The script of the `data:` page `/probe/data-redirect` redirects to: it says it was reached. It runs
    /// in an opaque origin, so it posts to any.
    package static let dataPageScript = "parent.postMessage({ probe: \"data_redirect\" }, \"*\");"

    /// Where `/probe/data-redirect` redirects: a `data:` page that runs `dataPageScript`.
    package static var dataPageURL: String {
        let html = "<!doctype html><meta charset=\"utf-8\"><title>data</title><script>\(dataPageScript)</script>"
        return "data:text/html;charset=utf-8," + Escape.percentEncoded(html)
    }

    /// `/probe/sw.js`: keeps the probe's home page and frame for a launch while the server is off. Network
    /// first; the kept copy when the network fails or a tunnel answers 502/503/504 for the server. Reports
    /// (POST) are never touched.
    package static let workerScript = """
        // shortcut-serve probe worker: keeps /probe/home and /probe/frame for a launch while the server is off.
        "use strict";
        var CACHE = "shortcut-serve:/probe/";
        var KEEP = ["/probe/home", "/probe/frame"];
        self.addEventListener("install", function (event) {
          event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(KEEP); })
            .then(function () { return self.skipWaiting(); }));
        });
        self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });
        self.addEventListener("fetch", function (event) {
          var url = new URL(event.request.url);
          if (event.request.method !== "GET" || url.origin !== self.location.origin || KEEP.indexOf(url.pathname) < 0) { return; }
          function kept(fallback) {
            return caches.open(CACHE).then(function (cache) {
              return cache.match(event.request).then(function (exact) { return exact || cache.match(url.pathname, { ignoreSearch: true }); });
            }).then(function (copy) { return copy || fallback; });
          }
          event.respondWith(fetch(event.request, { cache: "no-store" }).then(function (response) {
            if (response.ok) {
              var copy = response.clone();
              event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.put(event.request, copy); }));
            }
            return response.status === 502 || response.status === 503 || response.status === 504 ? kept(response) : response;
          }, function () { return kept(Response.error()); }));
        });

        """
}
