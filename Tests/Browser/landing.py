"""Browser tests of the landing pages, GET /open/<id> (mixed into run.py's Run).

The fallback URL is a stored page of the same server (/v3/<id>), so the server's own play count says
whether the fallback was requested, besides the navigations WebKit asked a policy for.

- landing_fallback: the app URL has a scheme nothing handles; WebKit refuses it (WebKitPolicyError 101,
  the page stays), and once the delay has passed with the page visible it goes to the fallback.
- landing_app_opened: the app URL has a scheme registered on the test's WebContext. Its handler records
  the call, then does what iOS does when an app comes forward: the request ends (Safari keeps the page)
  and the window is hidden, so the page becomes hidden. The fallback must be cancelled: the page says so
  (data-fallback), and after a marker timer set in the page for longer than the fallback's delay has
  fired (a positive event that comes later than the fallback would have, not a sleep) neither WebKit
  nor the server has seen the fallback requested.
- landing_hostile: markup in the title, description and URLs stays inert text; no script runs.
"""

import json
import time
import urllib.parse

from checks import check

APP_SCHEME = "shortcutserve-test-app"
FALLBACK_DELAY_MS = 800
FALLBACK_WITHIN = 3.0  # seconds after the delay in which the fallback must have been requested

NOTE_TIME_ORIGIN_JS = r"""
window.webkit.messageHandlers.timeOrigin.postMessage(JSON.stringify([location.href, performance.timeOrigin]));
"""

LANDING_JS = r"""
var meta = function (attr, name) { var e = document.querySelector('meta[' + attr + '="' + name + '"]'); return e ? e.getAttribute("content") : null; };
var open = document.getElementById("open"), fallback = document.getElementById("fallback");
return {
  url: location.href,
  visibility: document.visibilityState,
  state: document.documentElement.getAttribute("data-fallback"),
  title: document.getElementById("title") ? document.getElementById("title").textContent : null,
  description: document.getElementById("description") ? document.getElementById("description").textContent : null,
  docTitle: document.title,
  ogTitle: meta("property", "og:title"),
  ogDescription: meta("property", "og:description"),
  ogImage: meta("property", "og:image"),
  twitterTitle: meta("name", "twitter:title"),
  banner: meta("name", "apple-itunes-app"),
  openHref: open ? open.getAttribute("href") : null,
  fallbackHref: fallback ? fallback.getAttribute("href") : null,
  scripts: document.scripts.length,
  images: document.images.length,
  handlers: document.querySelectorAll("[onerror],[onload],[onclick]").length,
  pwnedType: typeof window.__pwned,
  pwned: String(window.__pwned)
};
"""


class LandingTests:
    def post(self, path, fields):
        status, _, data = self.server.request("POST", path, body=json.dumps(fields).encode("utf-8"),
                                              headers={"Content-Type": "application/json"})
        try:
            return status, json.loads(data.decode("utf-8"))
        except ValueError:
            return status, data.decode("utf-8", "replace")

    def fallback_page(self, mock_id):
        """A stored page to fall back to; its URL."""
        status, body = self.post("/api/mock", {"content": "<!doctype html><title>fallback</title><p>fallback</p>", "id": mock_id})
        check(status == 201, f"POST /api/mock answered {status}: {str(body)[:200]}")
        return self.url("/v3/" + mock_id)

    def plays(self, mock_id):
        status, _, data = self.server.request("GET", f"/api/mock/{mock_id}/stats")
        check(status == 200, f"GET /api/mock/{mock_id}/stats answered {status}")
        return json.loads(data.decode("utf-8"))["totalAccess"]

    def landing(self, fields):
        status, body = self.post("/api/links", fields)
        check(status == 201, f"POST /api/links for {fields.get('id')!r} answered {status}: {str(body)[:300]}")
        return body

    def register_app_scheme(self):
        """Registers APP_SCHEME once per web context; returns the list its handler appends (time, uri) to."""
        context = self.browser.context
        if getattr(context, "_app_calls", None) is None:
            calls = []

            from gi.repository import GLib  # loaded by browser.py, which run.py imports only once gi is there

            def handle(request):
                calls.append((time.monotonic(), request.get_uri()))
                # The app came forward: Safari keeps the page (the request ends without replacing it) and
                # goes to the background (the page becomes hidden).
                request.finish_error(GLib.Error.new_literal(GLib.quark_from_string("shortcut-serve-test"),
                                                            "the test app opened", 1))
                view = request.get_web_view()
                if view is not None and view.get_toplevel() is not None:
                    view.get_toplevel().hide()

            context.register_uri_scheme(APP_SCHEME, handle)
            context._app_calls = calls
        return context._app_calls

    # --- tests -------------------------------------------------------------------------------------

    def test_landing_fallback(self):
        fallback = self.fallback_page("landing-fallback-target")
        app_url = "nosuchapp-shortcut-serve://item/1"
        self.landing({"id": "landing-fallback", "title": "Falls back", "app_url": app_url, "fallback_url": fallback})
        tab = self.browser.tab(block_other_schemes=False)  # WebKit decides about the app URL itself
        # Each document posts when it started on WebKit's own clock (`performance.timeOrigin`): the delay is
        # measured there, not from when this process saw WebKit's events, which a busy machine delivers late.
        tab.add_start_script(NOTE_TIME_ORIGIN_JS, messages="timeOrigin")
        start = self.url(f"/open/landing-fallback?delay={FALLBACK_DELAY_MS}")
        failed = tab.load_uri(start)
        check(failed is None, f"load failed: {failed}")
        committed = tab.load_committed_at
        seen = tab.wait_navigation(lambda uri: uri == fallback, 0.0, FALLBACK_DELAY_MS / 1000 + FALLBACK_WITHIN)
        check(seen is not None, f"no navigation to the fallback within {FALLBACK_DELAY_MS} ms + {FALLBACK_WITHIN:.0f} s; "
                                f"events: {tab.event_text(16)}")
        app = tab.navigations_after(0.0, lambda uri: uri == app_url)
        check(app and app[0][0] < seen[0], f"the app URL was not tried before the fallback: {tab.navigations}")
        observed = seen[0] - committed
        check(self.B.spin(lambda: tab.load_finished_at is not None and tab.uri() == fallback, 5.0),
              f"the tab did not end on the fallback: {tab.uri()!r}; {tab.event_text()}")
        check(self.B.spin(lambda: len(tab.messages) >= 2, 5.0), f"documents noted: {tab.messages}")
        origins = [json.loads(message) for message in tab.messages]
        check([uri for uri, _ in origins] == [start, fallback], f"documents noted: {origins}")
        # The landing's timer starts after its document does, and the fallback's document starts when the
        # timer fires: correct pages leave at least the delay between the two starts.
        waited = (origins[1][1] - origins[0][1]) / 1000
        check(waited >= FALLBACK_DELAY_MS / 1000, f"the fallback's document started {waited * 1000:.0f} ms after the "
                                                  f"landing's, before the {FALLBACK_DELAY_MS} ms delay")
        check(self.plays("landing-fallback-target") == 1, "the server did not serve the fallback page once")
        refused = [details for _, kind, details in tab.events if kind == "load-failed" and details.startswith(app_url)]
        self.note(f"app URL refused by WebKit ({refused[0] if refused else 'no load-failed event'}); fallback's document "
                  f"started {waited * 1000:.0f} ms after the landing's (seen {observed * 1000:.0f} ms after commit; "
                  f"delay {FALLBACK_DELAY_MS} ms); served once")

    def test_landing_app_opened(self):
        calls = self.register_app_scheme()
        fallback = self.fallback_page("landing-opened-target")
        app_url = APP_SCHEME + "://item/2"
        self.landing({"id": "landing-opened", "title": "Opens the app", "app_url": app_url, "fallback_url": fallback})
        tab = self.browser.tab(block_other_schemes=False)
        failed = tab.load_uri(self.url(f"/open/landing-opened?delay={FALLBACK_DELAY_MS}"))
        check(failed is None, f"load failed: {failed}")
        check(self.B.spin(lambda: calls, 5.0), f"the registered scheme's handler was not called: {tab.event_text()}")
        check(calls[0][1] == app_url, f"the handler was called for {calls[0][1]!r}, not {app_url!r}")
        state = tab.wait_js('return document.documentElement.getAttribute("data-fallback") === "cancelled: hidden";', 5.0)
        check(state, f"the page did not cancel the fallback when hidden: {tab.js(LANDING_JS)}")
        # The positive event that comes after the fallback would have: a timer set now for longer than the
        # page's whole delay. Timers of a hidden page still run (this one does), in order of their ends.
        tab.js(f"window.__marker = false; setTimeout(function () {{ window.__marker = true; }}, {FALLBACK_DELAY_MS + 500}); return true;")
        check(tab.wait_js("return window.__marker === true;", FALLBACK_DELAY_MS / 1000 + 10.0), "the marker timer did not fire")
        requested = tab.navigations_after(0.0, lambda uri: uri == fallback)
        check(not requested, f"the page went to the fallback although the app opened: {requested}")
        check(self.plays("landing-opened-target") == 0, "the server served the fallback page")
        s = tab.js(LANDING_JS)
        check(s["visibility"] == "hidden" and s["url"].endswith("/open/landing-opened?delay=" + str(FALLBACK_DELAY_MS)),
              f"unexpected page state: {s}")
        self.note(f"handler called for {calls[0][1]}; page hidden, data-fallback={s['state']!r}; marker fired "
                  f"{FALLBACK_DELAY_MS + 500} ms later with no request for the fallback")

    def test_landing_hostile(self):
        title = '</title><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">'
        description = '"><img src=x onerror=window.__pwned=3><script>window.__pwned=4</script>\u2028&amp;'
        app_url = "myapp://x?a=\"'></script><script>window.__pwned=5</script><img/src=x/onerror=window.__pwned=6>"
        fallback = "https://example.invalid/?q=\"'></a><script>window.__pwned=7</script>"
        image = "https://example.invalid/i.png?\"><script>window.__pwned=8</script>"
        self.landing({"id": "landing-hostile", "title": title, "description": description, "app_url": app_url,
                      "fallback_url": fallback, "image": image, "app_store_id": "123456789",
                      "universal_url": "https://example.invalid/u?\"><script>window.__pwned=9</script>"})
        for field in ("app_url", "fallback_url", "universal_url", "image"):
            for bad in ("javascript:window.__pwned=10", "data:text/html,<script>1</script>", "vbscript:x"):
                status, body = self.post("/api/links", {"title": "T", "app_url": "myapp://x", "fallback_url": "https://e.x/",
                                                        field: bad})
                check(status == 422, f"{field} {bad!r} answered {status}, not 422: {str(body)[:200]}")
        tab = self.browser.tab()  # app navigations are recorded and ignored: the page stays to be read
        failed = tab.load_uri(self.url("/open/landing-hostile?delay=60000"))
        check(failed is None, f"load failed: {failed}")
        seen = tab.wait_navigation(lambda uri: uri.startswith("myapp:"), 0.0, 5.0)
        check(seen is not None, f"the page did not try the app URL: {tab.navigations}")
        check(urllib.parse.unquote(seen[1]) == app_url, f"the app navigation {seen[1]!r} does not decode to {app_url!r}")
        s = tab.js(LANDING_JS)
        check(s["pwnedType"] == "undefined", f"window.__pwned = {s['pwned']}: injected script ran")
        check(s["scripts"] == 1 and s["images"] == 0 and s["handlers"] == 0,
              f"{s['scripts']} scripts, {s['images']} images, {s['handlers']} inline handlers in the page")
        check(s["title"] == title and s["docTitle"] == title and s["ogTitle"] == title and s["twitterTitle"] == title,
              f"the title did not stay text: {s}")
        check(s["description"] == description and s["ogDescription"] == description, f"the description changed: {s}")
        check(s["openHref"] == app_url and s["fallbackHref"] == fallback and s["ogImage"] == image, f"a URL changed: {s}")
        check(s["banner"].startswith("app-id=123456789, app-argument=https://example.invalid/u?\"><script>"),
              f"the Smart App Banner meta is {s['banner']!r}")
        check(s["state"] == "pending", f"data-fallback is {s['state']!r}")
        self.note(f"markup inert in title, description, URLs and meta; app navigation {seen[1][:60]!r}… decodes exactly")
        self.screenshot(tab, "landing-hostile.png")

