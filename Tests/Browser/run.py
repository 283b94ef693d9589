#!/usr/bin/python3
"""Real-browser tests of the shortcut pages: WebKitGTK (WebKit2 4.1) under Xvfb, against the real server binary.

    xvfb-run -a -s '-screen 0 1280x1024x24' /usr/bin/python3 Tests/Browser/run.py --bin PATH --out DIR

Starts `PATH --port 0 --store <temp> --quiet`, creates shortcuts through POST /api/shortcuts and loads
them in WebKit as Safari and as a home-screen launch (`navigator.standalone` injected at document
start). Prints `PASS name` or `FAIL name: reason` per test and `browser: P passed, F failed` last;
observations go to stderr (`  note name: ...`) and to DIR/report.txt, screenshots to DIR/*.png.
Exit 0 when every test passed, 1 when one failed or the run overran its time, 2 on a setup error
(no gi/WebKit2 4.1, no display, no server binary, server not listening).
Needs Debian's python3-gi, gir1.2-webkit2-4.1, xvfb, xauth and fonts-dejavu-core.
"""

import argparse
import base64
import http.client
import json
import os
import signal
import socket
import sys
import threading
import time
import traceback
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the source tree

from checks import Failure, check  # noqa: E402
from landing import LandingTests  # noqa: E402
from server import ConnectProxy, GatewayProxy, Server, SetupError, TLSFront, free_port, make_png, png_data_uri  # noqa: E402

RUN_TIMEOUT = 120.0
NO_APP_NAVIGATION_WINDOW = 1.5  # seconds after load in which a guide page must not open the app
APP_NAVIGATION_WITHIN = 1.0  # seconds after load in which a home-screen launch must open the app
APP_NAVIGATION_NOT_BEFORE = 0.25  # the page waits 400 ms after it is parsed, so the intermediate screen shows first


# --- page state, read from the DOM -----------------------------------------------------------------

STATE_JS = r"""
function shown(id) {
  var e = document.getElementById(id);
  if (!e) { return null; }
  var s = window.getComputedStyle(e), r = e.getBoundingClientRect();
  return !e.hidden && s.display !== "none" && s.visibility !== "hidden" && r.width > 0 && r.height > 0;
}
function text(id) { var e = document.getElementById(id); return e ? e.textContent : null; }
var icon = document.getElementById("icon");
var open = document.getElementById("open");
var about = document.querySelector("#intermediate .about");
var meta = document.querySelector('meta[name="apple-mobile-web-app-title"]');
var inter = document.getElementById("intermediate");
return {
  url: location.href,
  readyState: document.readyState,
  visibility: document.visibilityState,
  standalone: window.navigator.standalone === true,
  hasGuide: !!document.getElementById("guide"),
  guide: shown("guide"),
  intermediate: shown("intermediate"),
  title: text("title"),
  docTitle: document.title,
  metaTitle: meta ? meta.getAttribute("content") : null,
  appName: text("app-name"),
  about: about ? about.textContent : null,
  intermediateText: inter ? inter.innerText : null,
  openHref: open ? open.getAttribute("href") : null,
  openHrefResolved: open ? open.href : null,
  openShown: shown("open"),
  iconSrc: icon ? icon.getAttribute("src") : null,
  iconParent: icon && icon.parentElement ? icon.parentElement.id : null,
  iconComplete: icon ? icon.complete : null,
  iconWidth: icon ? icon.naturalWidth : null,
  iconHeight: icon ? icon.naturalHeight : null,
  iconCount: document.querySelectorAll("#icon").length,
  images: document.images.length,
  scripts: document.scripts.length,
  profileShown: shown("profile"),
  profileHref: document.getElementById("profile-link") ? document.getElementById("profile-link").getAttribute("href") : null,
  pwnedType: typeof window.__pwned,
  pwned: String(window.__pwned),
  bodyText: document.body ? document.body.innerText.slice(0, 200) : null
};
"""

# A stored page that tries everything the issue saw a stored page do through the API (VICTIM is replaced by
# another stored page's id): each attempt records its status and text, or the error fetch threw.
ATTACKER_PAGE = r"""<!doctype html><meta charset="utf-8"><title>attacker</title>
<script>
(async function () {
  var out = {origin: self.origin};
  async function attempt(name, url, init) {
    try {
      var response = await fetch(url, init);
      out[name] = {status: response.status, text: (await response.text()).slice(0, 300)};
    } catch (e) {
      out[name] = {error: String(e)};
    }
  }
  var json = {"Content-Type": "application/json"};
  await attempt("list", "/api/mock");
  await attempt("read", "/api/mock/VICTIM");
  await attempt("index", "/");
  await attempt("createMock", "/api/mock", {method: "POST", headers: json, body: JSON.stringify({content: "planted", id: "planted"})});
  await attempt("createShortcut", "/api/shortcuts", {method: "POST", headers: json,
    body: JSON.stringify({title: "Evil", url: "https://evil.example/", id: "evil-shortcut"})});
  await attempt("replaceDemo", "/api/shortcuts", {method: "POST", headers: json,
    body: JSON.stringify({title: "Hijacked", url: "https://evil.example/", id: "demo"})});
  await attempt("simplePost", "/api/mock", {method: "POST", headers: {"Content-Type": "text/plain"},
    body: JSON.stringify({content: "planted2", id: "planted2"})});
  await attempt("playOther", "/v3/VICTIM");
  try { localStorage.setItem("x", "1"); out.storage = "allowed"; } catch (e) { out.storage = String(e); }
  try { document.cookie = "a=1"; out.cookie = document.cookie; } catch (e) { out.cookie = String(e); }
  window.__result = out;
})();
</script>
"""

ICON_DECODED_JS = 'var i = document.getElementById("icon"); return !!(i && i.complete && i.naturalWidth > 0);'


def is_app_uri(uri):
    scheme = uri.split(":", 1)[0].lower() if ":" in uri else ""
    return scheme not in ("http", "https", "data", "about", "blob")


# --- the run ---------------------------------------------------------------------------------------

class Run(LandingTests):
    def __init__(self, server, browser_module, out):
        self.server = server
        self.B = browser_module
        self.browser = browser_module.Browser()
        self.out = out
        self.icon_png = make_png(48, 48)
        self.icon_uri = png_data_uri(self.icon_png)
        self.notes = []
        self.current = None
        self.shortcuts = {}

    def note(self, text):
        line = f"  note {self.current}: {text}"
        self.notes.append(line)
        print(line, file=sys.stderr, flush=True)

    def url(self, path):
        return self.server.base + path

    @staticmethod
    def create(server, fields):
        """POST /api/shortcuts on `server`, which must answer 201 with the id; its JSON answer."""
        status, body = server.create(fields)
        check(status == 201, f"POST /api/shortcuts for {fields.get('id')!r} answered {status}: {str(body)[:300]}")
        check(isinstance(body, dict) and body.get("id") == fields["id"], f"unexpected create answer: {str(body)[:300]}")
        return body

    def shortcut(self, key, fields):
        """Create a shortcut once per run through the API; its JSON answer."""
        if key not in self.shortcuts:
            self.shortcuts[key] = self.create(self.server, fields)
        return self.shortcuts[key]

    def page_shortcut(self):
        fields = {"title": "Browser Test Shortcut", "url": "myapp://page/view2", "app_name": "My App",
                  "icon": self.icon_uri, "id": "browser-page"}
        self.shortcut("page", fields)
        return fields

    def data_shortcut(self):
        fields = {"title": "Data Mode Shortcut", "url": "myapp://data/view?from=home", "app_name": "Data App",
                  "icon": base64.b64encode(self.icon_png).decode("ascii"), "id": "browser-data", "mode": "data"}
        self.shortcut("data", fields)
        return fields

    def data_location(self, fields):
        status, headers, body = self.server.request("GET", "/s/" + fields["id"])
        check(status == 301, f"GET /s/{fields['id']} answered {status}, not 301")
        location = headers.get("location", "")
        prefix = "data:text/html;base64,"
        check(location.startswith(prefix), f"data-mode Location is not {prefix}…: {location[:80]!r}")
        try:
            html = base64.b64decode(location[len(prefix):], validate=True).decode("utf-8")
        except Exception as error:
            raise Failure(f"data-mode Location does not decode as base64 UTF-8: {error}")
        return location, html

    def state(self, tab):
        return tab.js(STATE_JS)

    def wait_icon(self, tab, timeout=5.0):
        check(tab.wait_js(ICON_DECODED_JS, timeout), f"icon did not decode within {timeout:.0f} s: {self.state(tab)}")

    def expect_no_app_navigation(self, tab, since):
        """Observe for NO_APP_NAVIGATION_WINDOW seconds after `since` (load finished) that no app URL is requested."""
        remaining = max(0.0, since + NO_APP_NAVIGATION_WINDOW - tab.now())
        seen = tab.wait_navigation(is_app_uri, since, remaining)
        check(seen is None, f"a page shown in Safari navigated to {seen[1] if seen else ''!r} "
                            f"{(seen[0] - since) * 1000 if seen else 0:.0f} ms after load")
        later = tab.navigations_after(since + 0.001)
        check(not later, f"unexpected navigations after load: {later}")

    def expect_app_navigation(self, tab, expected, since):
        """The first app navigation comes within APP_NAVIGATION_WITHIN s of `since` (load finished), not
        sooner than APP_NAVIGATION_NOT_BEFORE s after the page was committed, and is exactly `expected`.
        Returns both delays as text for the notes."""
        remaining = max(0.0, since + APP_NAVIGATION_WITHIN - tab.now())
        seen = tab.wait_navigation(is_app_uri, 0.0, remaining)
        check(seen is not None, f"no navigation to the app within {APP_NAVIGATION_WITHIN * 1000:.0f} ms of load; "
                                f"navigations: {tab.navigations}; state: {self.state(tab)}")
        at, uri = seen
        check(uri == expected, f"app navigation went to {uri!r}, not {expected!r}")
        others = [u for _, u in tab.navigations_after(0.0, is_app_uri) if u != expected]
        check(not others, f"other app navigations: {others}")
        committed = tab.load_committed_at
        check(committed is not None, "no load-committed event")
        check(at - committed >= APP_NAVIGATION_NOT_BEFORE,
              f"the app was opened {(at - committed) * 1000:.0f} ms after the page was committed; the intermediate "
              f"screen should show for about 400 ms first")
        return f"{(at - since) * 1000:.0f} ms after load finished, {(at - committed) * 1000:.0f} ms after commit"

    def screenshot(self, tab, name):
        path = os.path.join(self.out, name)
        tab.screenshot(path)
        self.note(f"screenshot {path}")

    # --- tests -------------------------------------------------------------------------------------

    def test_page_mode(self):
        fields = self.page_shortcut()
        tab = self.browser.tab()
        start = self.url("/s/" + fields["id"])
        failed = tab.load_uri(start)
        check(failed is None, f"load failed: {failed}")
        expected = self.url("/p/" + fields["id"])
        check(tab.uri() == expected, f"final URI {tab.uri()!r}, not {expected!r}")
        kinds = [kind for _, kind, _ in tab.events]
        check("load-redirected" in kinds, f"no redirect seen: {tab.event_text()}")
        check([u for _, u in tab.navigations][:2] == [start, expected], f"navigations {tab.navigations}")
        response = tab.main_response()
        check(response is not None and response.get_status_code() == 200,
              f"main resource status {response and response.get_status_code()}")
        check(response.get_mime_type() == "text/html", f"main resource MIME {response.get_mime_type()!r}")
        cache = response.get_http_headers().get_one("Cache-Control")
        check(cache == "no-store", f"Cache-Control {cache!r}")
        self.wait_icon(tab)
        s = self.state(tab)
        check(s["guide"] is True, f"#guide not visible: {s}")
        check(s["intermediate"] is False, f"#intermediate visible or missing: {s}")
        check(s["standalone"] is False, "navigator.standalone is true without injection")
        check(s["title"] == fields["title"], f"#title is {s['title']!r}")
        check(s["docTitle"] == fields["title"], f"document.title is {s['docTitle']!r}")
        check(s["metaTitle"] == fields["title"], f"apple-mobile-web-app-title is {s['metaTitle']!r}")
        check(s["iconSrc"] == self.icon_uri, f"icon src is {str(s['iconSrc'])[:60]!r}…, not the uploaded PNG")
        check(s["iconParent"] == "guide", f"icon is in #{s['iconParent']}, not #guide")
        check((s["iconWidth"], s["iconHeight"]) == (48, 48), f"icon decoded as {s['iconWidth']}x{s['iconHeight']}")
        check(s["iconCount"] == 1, f"{s['iconCount']} #icon elements")
        profile = "/w/" + fields["id"] + ".mobileconfig"
        check(s["profileShown"] is True and s["profileHref"] == profile,
              f"the guide does not offer {profile}: shown={s['profileShown']} href={s['profileHref']!r}")
        status, headers, _ = self.server.request("GET", profile)
        check(status == 200 and headers.get("content-type") == "application/x-apple-aspen-config",
              f"GET {profile} answered {status} {headers.get('content-type')!r}")
        self.note(f"{start} -> 301 -> {tab.uri()}; guide shown; icon 48x48 decoded; visibility={s['visibility']}; "
                  f"profile offered at {profile}")
        self.screenshot(tab, "guide.png")
        self.expect_no_app_navigation(tab, tab.load_finished_at)
        self.note(f"no navigation in the {NO_APP_NAVIGATION_WINDOW:.1f} s after load")

    def test_standalone(self):
        fields = self.page_shortcut()
        tab = self.browser.tab(standalone=True)
        failed = tab.load_uri(self.url("/s/" + fields["id"]))
        check(failed is None, f"load failed: {failed}")
        check(tab.uri() == self.url("/p/" + fields["id"]), f"final URI {tab.uri()!r}")
        delay = self.expect_app_navigation(tab, fields["url"], tab.load_finished_at)
        self.wait_icon(tab)
        s = self.state(tab)
        check(s["standalone"] is True, "navigator.standalone injection did not take")
        check(s["intermediate"] is True, f"#intermediate not visible: {s}")
        check(s["guide"] is False, f"#guide visible too: {s}")
        check(s["about"] == "You are about to enter", f"about text {s['about']!r}")
        check(s["appName"] == fields["app_name"], f"#app-name is {s['appName']!r}")
        shown = " ".join(s["intermediateText"].split())
        check(shown == f"You are about to enter {fields['app_name']} Open", f"intermediate screen reads {shown!r}")
        check(s["openHref"] == fields["url"], f"#open href is {s['openHref']!r}")
        check(s["openShown"] is True, "#open not visible")
        check(s["iconParent"] == "intermediate", f"icon is in #{s['iconParent']}, not #intermediate")
        check(s["iconSrc"] == self.icon_uri and s["iconWidth"] == 48, "icon not the uploaded PNG or not decoded")
        self.note(f"intermediate reads {shown!r}; app navigation to {fields['url']} {delay}")
        self.screenshot(tab, "intermediate.png")

    def test_data_mode(self):
        fields = self.data_shortcut()
        location, html = self.data_location(fields)
        status, _, body = self.server.request("GET", "/p/" + fields["id"])
        if status == 200:
            check(body.decode("utf-8") == html, "the data: page differs from /p/<id> of the same shortcut")
        self.note(f"/s/{fields['id']} -> 301 Location data:text/html;base64 ({len(location)} bytes, {len(html)} bytes of HTML)")

        tab = self.browser.tab()
        failed = tab.load_uri(location)
        check(failed is None, f"loading the data: URI failed: {failed}")
        check(tab.uri().startswith("data:text/html"), f"URI after load {tab.uri()[:60]!r}")
        self.wait_icon(tab)
        s = self.state(tab)
        check(s["guide"] is True and s["intermediate"] is False, f"guide not shown alone: {s}")
        check(s["title"] == fields["title"] and s["docTitle"] == fields["title"], f"titles {s['title']!r} {s['docTitle']!r}")
        check(s["iconSrc"] == self.icon_uri, f"icon src is {str(s['iconSrc'])[:60]!r}…")
        check(s["profileShown"] is False, "a data: page offers a profile it has no server for")
        self.expect_no_app_navigation(tab, tab.load_finished_at)

        tab2 = self.browser.tab(standalone=True)
        failed = tab2.load_uri(location)
        check(failed is None, f"loading the data: URI (standalone) failed: {failed}")
        delay = self.expect_app_navigation(tab2, fields["url"], tab2.load_finished_at)
        s = self.state(tab2)
        check(s["intermediate"] is True and s["guide"] is False, f"intermediate not shown alone: {s}")
        check(s["appName"] == fields["app_name"] and s["openHref"] == fields["url"], f"app name/href {s['appName']!r} {s['openHref']!r}")
        self.note(f"data: page loaded directly: guide in Safari, no app navigation; standalone: "
                  f"navigation to {fields['url']} {delay}")

    def test_data_redirect_refused(self):
        fields = self.data_shortcut()
        self.data_location(fields)
        tab = self.browser.tab(block_other_schemes=False)
        start = self.url("/s/" + fields["id"])
        failed = tab.load_uri(start)
        # Give a followed redirect every chance to show the page before judging.
        guide = tab.wait_js('return !!document.getElementById("guide");', NO_APP_NAVIGATION_WINDOW)
        s = self.state(tab)
        refused_uri = failed[0] if failed is not None else None
        if failed is not None:
            failed = (failed[0][:40] + "…",) + tuple(failed[1:])
        observed = (f"load-failed={failed}; final URI={tab.uri()!r}; document URL={str(s['url'])[:60]!r}; "
                    f"#guide present={bool(guide)}; body text={s['bodyText']!r}; "
                    f"navigations={[u[:60] for _, u in tab.navigations]}")
        self.note("engine asked to follow 301 to data: -> " + observed)
        self.note("events: " + tab.event_text(20))
        check(not guide, "WebKit FOLLOWED the 301 to the data: URL and showed the page (docs/phone.md says it refuses): "
                         + observed)
        check(not str(tab.uri()).startswith("data:"), "WebKit ended on the data: URL: " + observed)
        check(failed is not None or not s["bodyText"], "no load failure but a non-blank page: " + observed)
        check(refused_uri is None or refused_uri.startswith("data:text/html;base64,"),
              "the load failed, but not on the data: redirect target: " + observed)

    def test_hostile_input(self):
        base = {"title": "Refused", "app_name": "X", "icon": self.icon_uri}
        refused = {}
        for bad in ("javascript:alert(1)", "JavaScript:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)",
                    "vbscript:msgbox(1)", "data:text/html,<script>alert(1)</script>", "file:///etc/passwd",
                    'myapp://x?a=" onmouseover="alert(1)'):
            status, body = self.server.create(dict(base, url=bad))
            refused[bad] = status
            check(status == 422, f"url {bad!r} answered {status}, not 422: {str(body)[:200]}")
        self.note(f"refused with 422: {sorted(refused)}")

        title = '</title><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">'
        app_name = 'Evil "App" \'quoted\' </script><script>window.__pwned=4</script><b>&amp;'
        candidates = [
            "myapp://x?a=\"'><script>window.__pwned=3</script>",
            "myapp://x?a=\"'><img/src=x/onerror=window.__pwned=3>",
            "myapp://x?a=\"'></a><b>",
        ]
        url = None
        for candidate in candidates:
            status, body = self.server.create({"title": title, "url": candidate, "app_name": app_name,
                                               "icon": self.icon_uri, "id": "browser-hostile"})
            if status == 201:
                url = candidate
                break
            self.note(f"API refused hostile url {candidate!r} with {status}")
        check(url is not None, "the API refused every hostile app URL tried")
        self.note(f"hostile url accepted: {url!r}")
        start = self.url("/s/browser-hostile")

        tab = self.browser.tab()
        failed = tab.load_uri(start)
        check(failed is None, f"load failed: {failed}")
        self.wait_icon(tab)
        self.expect_no_app_navigation(tab, tab.load_finished_at)
        s = self.state(tab)
        check(s["pwnedType"] == "undefined", f"window.__pwned = {s['pwned']} in the guide screen")
        check(s["guide"] is True and s["intermediate"] is False, f"guide not shown alone: {s}")
        check(s["title"] == title, f"#title textContent is {s['title']!r}")
        check(s["docTitle"] == title, f"document.title is {s['docTitle']!r}")
        check(s["metaTitle"] == title, f"apple-mobile-web-app-title is {s['metaTitle']!r}")
        check(s["appName"] == app_name, f"#app-name textContent is {s['appName']!r}")
        check(s["openHref"] == url, f"#open href attribute is {s['openHref']!r}")
        check(s["scripts"] == 1 and s["images"] == 1, f"{s['scripts']} scripts and {s['images']} images in the page")
        self.screenshot(tab, "hostile-guide.png")

        tab2 = self.browser.tab(standalone=True)
        failed = tab2.load_uri(start)
        check(failed is None, f"load failed (standalone): {failed}")
        serialized = tab2.js(f"return new URL({json.dumps(url)}).href;")
        delay = self.expect_app_navigation(tab2, serialized, tab2.load_finished_at)
        check(urllib.parse.unquote(serialized) == url, f"navigation {serialized!r} does not decode to {url!r}")
        s = self.state(tab2)
        check(s["pwnedType"] == "undefined", f"window.__pwned = {s['pwned']} in the intermediate screen")
        check(s["intermediate"] is True and s["guide"] is False, f"intermediate not shown alone: {s}")
        check(s["appName"] == app_name, f"#app-name textContent is {s['appName']!r}")
        check(s["openHref"] == url, f"#open href attribute is {s['openHref']!r}")
        check(s["openHrefResolved"] == serialized, f"#open.href is {s['openHrefResolved']!r}")
        check(s["scripts"] == 1 and s["images"] == 1, f"{s['scripts']} scripts and {s['images']} images in the page")
        self.note(f"title/app name inert text; navigation to {serialized!r} (the URL parser's form of the given URL, "
                  f"percent-decodes to it exactly) {delay}")
        self.screenshot(tab2, "hostile-intermediate.png")

    def test_demo(self):
        tab = self.browser.tab()
        failed = tab.load_uri(self.url("/s"))
        check(failed is None, f"load failed: {failed}")
        check(tab.uri() == self.url("/p/demo"), f"final URI {tab.uri()!r}, not /p/demo")
        self.wait_icon(tab)
        s = self.state(tab)
        check(s["guide"] is True and s["intermediate"] is False, f"guide not shown alone: {s}")
        check(s["title"] == "Add to Home Screen" and s["docTitle"] == "Add to Home Screen",
              f"titles {s['title']!r} {s['docTitle']!r}")
        check(s["openHref"] == "mkaddtohomescreen://page/view2", f"#open href {s['openHref']!r}")
        check(str(s["iconSrc"]).startswith("data:image/") and s["iconWidth"] > 0, "built-in icon missing or not decoded")
        self.note(f"/s -> {tab.uri()}; built-in icon {s['iconWidth']}x{s['iconHeight']}")
        self.screenshot(tab, "demo.png")

    def test_index_phone_width(self):
        """Issue 26, point 8: the index at a phone's width (320, 390 and 430 px) scrolls only down: its rows
        stack and long URLs wrap, so the QR codes and links stay on screen (before, at 390 px the QR and link
        columns were cut off, with a horizontal scrollbar)."""
        own = Server(self.server.binary)
        # A public URL: the index draws a QR code per shortcut, as it does for a phone on the network.
        own.start("--public-url", "https://phone.test")
        try:
            long_url = "myapp://a/very/long/path/" + "segment-" * 24 + "end?with=query&and=more"
            for i in range(3):
                self.create(own, {"title": f"A rather long shortcut title number {i} for a phone", "url": long_url,
                                  "app_name": "My App", "icon": self.icon_uri, "id": f"wide-{i}"})
            status, _, _ = own.request("POST", "/api/mock", body=json.dumps(
                {"content": "x", "name": "a-mock-name-without-any-spaces-" * 3, "content_type": "application/vnd.example.long+json"}
            ).encode("utf-8"), headers={"Content-Type": "application/json"})
            check(status == 201, f"POST /api/mock answered {status}")
            seen = []
            for width in (320, 390, 430):
                tab = self.browser.tab(width=width, height=844)
                failed = tab.load_uri(own.base + "/")
                check(failed is None, f"load of the index failed: {failed}")
                state = tab.js("return {inner: window.innerWidth, scroll: document.documentElement.scrollWidth,"
                               " body: document.body.scrollWidth, codes: document.querySelectorAll('figure svg').length,"
                               " right: Math.max(...[...document.querySelectorAll('figure svg, td a')]"
                               ".map(e => e.getBoundingClientRect().right))};")
                check(state["codes"] == 3, f"{state['codes']} QR codes on the index, not 3")
                check(state["scroll"] <= state["inner"] and state["body"] <= state["inner"],
                      f"at {width} px the index is {state['scroll']} px wide (window {state['inner']} px)")
                check(state["right"] <= state["inner"], f"at {width} px a code or link ends at {state['right']:.0f} px")
                seen.append(f"{width} px: scrollWidth {state['scroll']} <= innerWidth {state['inner']}")
                if width == 390:
                    self.screenshot(tab, "index-390.png")
            self.note("; ".join(seen))
        finally:
            own.stop()

    def test_stored_page_isolation(self):
        """A stored page played at /v3/<id> runs sandboxed in an opaque origin: its script cannot list,
        read, create or replace anything through /api/ (nor read the index), even knowing another page's
        id; the demo shortcut still leads to its own app URL. What it can still do is noted."""
        def create_mock(fields):
            status, _, body = self.server.request("POST", "/api/mock", body=json.dumps(fields).encode("utf-8"),
                                                  headers={"Content-Type": "application/json"})
            check(status == 201, f"POST /api/mock answered {status}: {body[:200]!r}")
            return json.loads(body.decode("utf-8"))["id"]

        def stored_ids():
            status, _, body = self.server.request("GET", "/api/mock")
            check(status == 200, f"GET /api/mock answered {status}")
            return sorted(item["id"] for item in json.loads(body.decode("utf-8")))

        before = stored_ids()
        victim = create_mock({"content": "VICTIM-SECRET-CONTENT", "name": "victim page"})
        attacker = create_mock({"content": ATTACKER_PAGE.replace("VICTIM", victim), "name": "attacker page"})
        tab = self.browser.tab()
        failed = tab.load_uri(self.url("/v3/" + attacker))
        check(failed is None, f"load failed: {failed}")
        result = tab.wait_js("return window.__result || null;", 15.0)
        check(result, f"the stored page's script reported nothing: {tab.event_text()}")
        self.note("the stored page's script saw: " + json.dumps(result)[:1500])
        check(result["origin"] == "null", f"the stored page runs in origin {result['origin']!r}, not an opaque one")
        for name in ("list", "read", "index", "createMock", "createShortcut", "replaceDemo", "simplePost"):
            outcome = result[name]
            check("error" in outcome or outcome.get("status") == 403,
                  f"{name}: the stored page got an answer it may read: {json.dumps(outcome)[:300]}")
            check(victim not in json.dumps(outcome) and "VICTIM-SECRET-CONTENT" not in json.dumps(outcome),
                  f"{name}: the stored page read the victim: {json.dumps(outcome)[:300]}")

        # The store, as a program sees it: nothing added, the demo unchanged.
        ids = stored_ids()
        check(ids == sorted(before + [victim, attacker]), f"the store now holds {ids}, not {before} and the two pages")
        status, _, body = self.server.request("GET", "/api/shortcuts")
        shortcuts = [item["id"] for item in json.loads(body.decode("utf-8")) if item["id"] in ("demo", "evil-shortcut")]
        check(not shortcuts, f"shortcuts created by the stored page: {shortcuts}")
        status, headers, _ = self.server.request("GET", "/s")
        check(status == 301 and headers.get("location") == "/p/demo", f"/s answered {status} {headers.get('location')!r}")
        demo = self.browser.tab()
        check(demo.load_uri(self.url("/s")) is None, "loading /s failed")
        s = self.state(demo)
        check(s["openHref"] == "mkaddtohomescreen://page/view2", f"the demo now opens {s['openHref']!r}")

        # What a stored page can still do: run script, read another stored page whose id it knows (plays are
        # open to every origin, as on mocky), but keep nothing in this origin's storage.
        check(result["playOther"].get("text") == "VICTIM-SECRET-CONTENT",
              f"reading another play by its id: {json.dumps(result['playOther'])[:200]}")
        self.note(f"storage: {result['storage']}; cookie: {result['cookie']!r}; demo still opens {s['openHref']}")

    def test_offline_relaunch(self):
        """Issue 9: a page-mode shortcut opened once keeps working from the home screen after its server stops:
        its service worker answers /p/<id> from its copy, the intermediate screen shows, the app URL is opened."""
        own = Server(self.server.binary).start()  # a server of its own, to stop without touching the others
        try:
            fields = {"title": "Offline Shortcut", "url": "myapp://offline/view?x=1", "app_name": "Offline App",
                      "icon": self.icon_uri, "id": "browser-offline"}
            self.create(own, fields)
            page = own.base + "/p/" + fields["id"]
            tab = self.browser.tab()
            failed = tab.load_uri(page)
            check(failed is None, f"load failed: {failed}")
            controlled = tab.wait_js("return !!(navigator.serviceWorker && navigator.serviceWorker.controller);", 10.0)
            check(controlled, "no service worker controls the page within 10 s: "
                              + str(tab.js("return {sw: !!navigator.serviceWorker, secure: window.isSecureContext};")))
            tab.js("window.__kept = null; caches.open('shortcut-serve:/p/" + fields["id"] + "').then(function (c) {"
                   " return c.keys(); }).then(function (keys) { window.__kept = keys.map(function (r) {"
                   " return new URL(r.url).pathname; }).sort(); }); return true;")
            kept = tab.wait_js("return window.__kept;", 5.0)
            expected = sorted(["/p/" + fields["id"], "/p/" + fields["id"] + "/icon.png",
                               "/p/" + fields["id"] + "/manifest.webmanifest"])
            check(kept == expected, f"the worker keeps {kept}, not {expected}")
            offline = tab.wait_js("var v = document.documentElement.getAttribute('data-offline');"
                                  " return v === 'ready' ? v : null;", 5.0)
            check(offline == "ready", "data-offline is "
                  + repr(tab.js("return document.documentElement.getAttribute('data-offline');")) + ", not 'ready'")
            check(tab.js("return document.getElementById('offline-note').hidden;") is True,
                  "the insecure-origin line shows on a secure origin")
            manifest = tab.js("var l = document.querySelector('link[rel=manifest]'); return l && l.getAttribute('href');")
            check(manifest == "/p/" + fields["id"] + "/manifest.webmanifest", f"manifest link {manifest!r}")
            self.note(f"worker controls {page}; keeps {kept}")
        finally:
            own.stop()
        try:
            socket.create_connection(("127.0.0.1", own.port), timeout=1).close()
        except OSError:
            pass  # refused: the server is gone
        else:
            raise Failure("the server still accepts connections after it was stopped")
        launch = self.browser.tab(standalone=True)
        failed = launch.load_uri(page)
        check(failed is None, f"offline launch failed to load: {failed}")
        delay = self.expect_app_navigation(launch, fields["url"], launch.load_finished_at)
        s = self.state(launch)
        check(s["intermediate"] is True and s["guide"] is False, f"intermediate not shown alone offline: {s}")
        check(s["appName"] == fields["app_name"] and s["openHref"] == fields["url"], f"app name/href {s['appName']!r} {s['openHref']!r}")
        self.note(f"server stopped; standalone launch of {page} served by the worker; intermediate shown; "
                  f"app navigation to {fields['url']} {delay}")
        self.screenshot(launch, "offline-intermediate.png")

    def test_offline_insecure_origin(self):
        """Issue 24: by a name that is not loopback, over plain HTTP (a phone on the Wi-Fi opening
        http://192.168.1.20:9081/p/<id>), the page is not a secure context: no worker registers, and the page
        says so on <html data-offline> and in one line that offers the profile or HTTPS instead."""
        fields = {"title": "LAN Shortcut", "url": "myapp://lan/view", "app_name": "LAN App",
                  "icon": self.icon_uri, "id": "browser-lan"}
        self.create(self.server, fields)
        phone = self.B.Browser(proxy=self.server.base)
        try:
            tab = phone.tab()
            page = f"http://phone.test:{self.server.port}/p/{fields['id']}"
            failed = tab.load_uri(page)
            check(failed is None, f"load of {page} through the proxy failed: {failed}")
            state = tab.js("return {secure: window.isSecureContext, origin: location.origin,"
                           " offline: document.documentElement.getAttribute('data-offline'),"
                           " note: !document.getElementById('offline-note').hidden,"
                           " noteText: document.getElementById('offline-note').textContent,"
                           " profile: !document.getElementById('profile').hidden,"
                           " controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller)};")
            check(state["origin"] == f"http://phone.test:{self.server.port}", f"origin {state['origin']!r}")
            check(state["secure"] is False, f"http://phone.test is a secure context here: {state}")
            check(state["offline"] == "unavailable: not a secure context", f"data-offline {state['offline']!r}")
            check(state["note"] and "needs the server running" in state["noteText"], f"the line is not shown: {state}")
            check(state["profile"], f"the profile link is not offered: {state}")
            check(not state["controlled"], f"a worker controls an insecure page: {state}")
            self.note(f"{page} (through the proxy): {state['offline']}; line: {' '.join(state['noteText'].split())}")
            self.screenshot(tab, "insecure-origin.png")
        finally:
            phone.close()

    def test_offline_behind_gateway(self):
        """Issue 24: behind a tunnel, "the server is down" arrives as the tunnel's own 502 page, not as a network
        error. The worker treats a 502/503/504 from the network like a failed fetch and serves its copy."""
        own = Server(self.server.binary).start()
        gateway = GatewayProxy(own.port)
        try:
            fields = {"title": "Tunnel Shortcut", "url": "myapp://tunnel/view", "app_name": "Tunnel App",
                      "icon": self.icon_uri, "id": "browser-tunnel"}
            self.create(own, fields)
            page = gateway.base + "/p/" + fields["id"]
            tab = self.browser.tab()
            failed = tab.load_uri(page)
            check(failed is None, f"load through the gateway failed: {failed}")
            ready = tab.wait_js("return document.documentElement.getAttribute('data-offline') === 'ready'"
                                " && !!navigator.serviceWorker.controller;", 10.0)
            check(ready, "no worker controls the page through the gateway: "
                  + repr(tab.js("return document.documentElement.getAttribute('data-offline');")))
            own.stop()
            conn = http.client.HTTPConnection("127.0.0.1", gateway.port, timeout=5)
            conn.request("GET", "/p/" + fields["id"])
            answered = conn.getresponse().status
            conn.close()
            check(answered == 502, f"with the server stopped the gateway answered {answered}, not 502")
            launch = self.browser.tab(standalone=True)
            failed = launch.load_uri(page)
            check(failed is None, f"launch through the gateway failed: {failed}")
            delay = self.expect_app_navigation(launch, fields["url"], launch.load_finished_at)
            s = self.state(launch)
            check(s["intermediate"] is True and s["appName"] == fields["app_name"], f"not the kept page: {s}")
            self.note(f"server stopped, gateway answering 502: standalone launch of {page} served by the worker; "
                      f"app navigation {delay}")
        finally:
            own.stop()
            gateway.stop()

    def test_offline_over_tls(self):
        """Issue 24: behind a TLS terminator by a name (nginx with a test CA, as with mkcert and a proxy, or a
        tunnel), the page is a secure context: the worker registers, and the icon opens the feature while the
        server is down (nginx answering 502) and while nginx is down too (a network error)."""
        name = "phone.test"
        own = Server(self.server.binary)
        front_port = free_port()
        own.start("--public-url", f"https://{name}:{front_port}", "--trust-proxy")
        front = proxy = phone = None
        try:
            front = TLSFront(name, own.port, port=front_port)
            proxy = ConnectProxy()
            phone = self.B.Browser(proxy=proxy.base)
            phone.trust(front.chain_pem, name)
            fields = {"title": "TLS Shortcut", "url": "myapp://tls/view", "app_name": "TLS App",
                      "icon": self.icon_uri, "id": "browser-tls"}
            body = self.create(own, fields)
            check(body.get("page") == f"{front.base}/p/{fields['id']}", f"the API's page link is {body.get('page')!r}")
            page = f"{front.base}/p/{fields['id']}"
            tab = phone.tab()
            failed = tab.load_uri(page)
            check(failed is None, f"load of {page} failed: {failed}")
            ready = tab.wait_js("return document.documentElement.getAttribute('data-offline') === 'ready';", 10.0)
            state = tab.js("return {secure: window.isSecureContext, offline: document.documentElement.getAttribute('data-offline'),"
                           " note: !document.getElementById('offline-note').hidden};")
            check(ready and state["secure"] and not state["note"], f"over TLS by a name: {state}")
            self.note(f"{page}: secure context, data-offline {state['offline']}")
            own.stop()
            launch = phone.tab(standalone=True)
            failed = launch.load_uri(page)
            check(failed is None, f"launch with the server down (nginx answering 502) failed: {failed}")
            delay = self.expect_app_navigation(launch, fields["url"], launch.load_finished_at)
            self.note(f"server stopped, nginx answering 502: the kept page opened the app {delay}")
            front.stop()
            front = None
            again = phone.tab(standalone=True)
            failed = again.load_uri(page)
            check(failed is None, f"launch with nginx down too failed: {failed}")
            delay = self.expect_app_navigation(again, fields["url"], again.load_finished_at)
            self.note(f"nginx stopped too: the kept page opened the app {delay}")
        finally:
            if phone:
                phone.close()
            for part in (front, proxy, own):
                if part:
                    part.stop()

    PROBE_DONE_JS = "return ['sent', 'refused', 'kept'].indexOf(document.documentElement.getAttribute('data-probe')) >= 0;"
    PROBE_STATE_JS = ("var cells = {}; document.querySelectorAll('td[id]').forEach(function (c) { cells[c.id] = c.textContent; });"
                      " return {probe: document.documentElement.getAttribute('data-probe'), cells: cells, path: location.pathname,"
                      " status: document.getElementById('status').textContent, advice: document.getElementById('advice').textContent};")

    def run_probe(self, tab, url, expect="sent"):
        """Loads the probe page at `url` in `tab` and waits for its checks and report; its state."""
        failed = tab.load_uri(url)
        check(failed is None, f"load of {url} failed: {failed}")
        done = tab.wait_js(self.PROBE_DONE_JS, 40.0)
        state = tab.js(self.PROBE_STATE_JS)
        check(done and state["probe"] == expect, f"the probe at {url} ended {state['probe']!r}, not {expect!r}: {state}")
        return state

    @staticmethod
    def probes(server):
        status, _, body = server.request("GET", "/api/probes")
        check(status == 200, f"GET /api/probes answered {status}")
        return json.loads(body.decode("utf-8"))

    def test_probe_insecure_origin(self):
        """Issue 24, item 4: the probe page opened over plain HTTP by a name (a phone on the Wi-Fi) finds no
        secure context, so no worker, and the redirect to data: refused; its report reaches /api/probes and
        the server's standard error, with the advice for that phone."""
        own = Server(self.server.binary).start()
        phone = None
        try:
            phone = self.B.Browser(proxy=own.base)
            url = f"http://phone.test:{own.port}/probe?open=myapp%3A%2F%2Fprobe"
            tab = phone.tab()
            state = self.run_probe(tab, url)
            cells = state["cells"]
            check(cells["secure_context"] == "no" and cells["service_worker"] == "no: not a secure context", f"cells: {cells}")
            check(cells["data_redirect"] == "refused", f"the data: redirect was {cells['data_redirect']!r} in a frame")
            check(state["path"] == "/probe/home", f"the address shown is {state['path']!r}, not the manifest's start")
            check(state["advice"].startswith("use page mode (/p/<id>) while the server runs"), f"advice: {state['advice']!r}")
            reports = self.probes(own)
            check(len(reports) == 1, f"{len(reports)} reports kept")
            report = reports[0]
            check(report["secure_context"] is False and report["service_worker"] is False and report["data_redirect"] == "refused",
                  f"report: {report}")
            check(report["origin"] == f"http://phone.test:{own.port}", f"origin {report.get('origin')!r}")
            logged = own.stderr_text()
            check("probe #1 from 127.0.0.1" in logged and "=> use page mode (/p/<id>) while the server runs" in logged,
                  f"not on the server's standard error: {logged[-600:]!r}")
            self.note(f"{url}: {cells}; advice: {state['advice']}")
            self.screenshot(tab, "probe-insecure.png")
            # The app URL button: the engine records the navigation to myapp:// and stays on the page, as a
            # phone without the app would, so the page reports that no app came forward.
            since = tab.now()
            tab.js("document.getElementById('try-app').click(); return true;")
            seen = tab.wait_navigation(is_app_uri, since, 5.0)
            check(seen is not None and seen[1] == "myapp://probe", f"the button did not open the app URL: {tab.navigations}")
            check(tab.wait_js("return document.getElementById('app_url').textContent === 'not opened'"
                              " && document.documentElement.getAttribute('data-probe') === 'sent';", 10.0),
                  f"the app URL result: {tab.js(self.PROBE_STATE_JS)}")
            tried = self.probes(own)
            check(len(tried) == 2 and tried[1].get("app_url") == "not opened", f"reports: {tried}")
        finally:
            if phone:
                phone.close()
            own.stop()

    def test_probe_over_tls(self):
        """Issue 24, item 4: behind a TLS terminator by a name the probe finds a secure context and a worker
        that controls its frame; launched from the home screen it was served by the worker; launched while the
        server is down (nginx answering 502) it keeps its report and sends it at the next launch that reaches
        the server."""
        name = "phone.test"
        own = Server(self.server.binary)
        front_port = free_port()
        arguments = ("--public-url", f"https://{name}:{front_port}", "--trust-proxy")
        own.start(*arguments)
        own_port = own.port
        front = proxy = phone = None
        try:
            front = TLSFront(name, own.port, port=front_port)
            proxy = ConnectProxy()
            phone = self.B.Browser(proxy=proxy.base)
            phone.trust(front.chain_pem, name)
            state = self.run_probe(phone.tab(), f"{front.base}/probe")
            cells = state["cells"]
            check(cells["secure_context"] == "yes" and cells["service_worker"] == "yes", f"over TLS by a name: {cells}")
            check(state["advice"].startswith(f"use page mode at {front.base}"), f"advice: {state['advice']!r}")
            first = self.probes(own)[-1]
            check(first["secure_context"] is True and first["service_worker"] is True, f"report: {first}")
            check(first["peer"] == "127.0.0.1", f"the peer nginx names: {first['peer']!r}")
            logged = own.stderr_text()
            check(f"probe #1 from 127.0.0.1: " in logged and f"=> use page mode at {front.base}" in logged,
                  f"not on the server's standard error with its advice: {logged[-600:]!r}")
            self.note(f"{front.base}/probe: {cells}")

            launch = self.run_probe(phone.tab(standalone=True), f"{front.base}/probe/home")
            check(launch["cells"]["standalone"] == "yes" and launch["cells"]["controlled"] == "yes",
                  f"a home-screen launch not through the worker: {launch['cells']}")
            second = self.probes(own)[-1]
            check(second["standalone"] is True and second["controlled"] is True, f"report: {second}")
            check("this launch from the home screen was served by the worker: proven on this phone" in second["findings"],
                  f"findings: {second['findings']}")

            own.stop()
            offline = self.run_probe(phone.tab(standalone=True), f"{front.base}/probe/home", expect="kept")
            check(offline["cells"]["controlled"] == "yes", f"the offline launch was not the worker's copy: {offline['cells']}")
            self.note(f"server stopped, nginx answering 502: {offline['status']}")

            own.start(*arguments, port=own_port)
            again = self.run_probe(phone.tab(standalone=True), f"{front.base}/probe/home")
            reports = self.probes(own)
            check(len(reports) == 2, f"after the restart {len(reports)} reports, not the kept one and the new one: {reports}")
            check(reports[0].get("kept_offline") is True and reports[0]["standalone"] is True, f"the kept report: {reports[0]}")
            check(not reports[1].get("kept_offline"), f"the new report: {reports[1]}")
            check("this report was made while the server could not be reached and sent later: the page opened offline"
                  in reports[0]["findings"], f"findings: {reports[0]['findings']}")
            self.note(f"restarted: the kept report arrived as #{reports[0]['sequence']}, then #{reports[1]['sequence']}; {again['status']}")
        finally:
            if phone:
                phone.close()
            for part in (front, proxy, own):
                if part:
                    part.stop()

    TESTS = ["page_mode", "standalone", "data_mode", "data_redirect_refused", "hostile_input", "demo",
             "stored_page_isolation", "offline_relaunch", "offline_insecure_origin", "offline_behind_gateway", "offline_over_tls",
             "probe_insecure_origin", "probe_over_tls", "index_phone_width",
             "landing_fallback", "landing_app_opened", "landing_hostile"]


def one_line(text, limit=700):
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit] + "…"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", required=True, help="the shortcut-serve binary")
    parser.add_argument("--out", default=".build/browser", help="folder for screenshots and report.txt")
    parser.add_argument("--timeout", type=float, default=RUN_TIMEOUT, help="bound of the whole run in seconds")
    parser.add_argument("--only", action="append", help="run only this test (repeatable)")
    args = parser.parse_args()

    def setup_error(message):
        print(f"browser: setup error: {message}", file=sys.stderr, flush=True)
        sys.exit(2)

    if not args.bin:
        setup_error("--bin is empty (is SHORTCUT_SERVE_BIN set?)")
    os.environ.setdefault("NO_AT_BRIDGE", "1")  # no accessibility bus under Xvfb
    try:
        import browser as B
    except (ImportError, ValueError) as error:
        setup_error(f"cannot load GTK 3 / WebKit2 4.1 through gi ({error}); install python3-gi and "
                    f"gir1.2-webkit2-4.1 and run with /usr/bin/python3 ({sys.executable} was used)")
    if not B.init():
        setup_error("GTK cannot open a display; run under xvfb-run")
    os.makedirs(args.out, exist_ok=True)

    server = Server(os.path.abspath(args.bin))
    results = []
    run = None

    def on_timeout():
        current = run.current if run else "setup"
        print(f"FAIL {current}: the browser run did not finish within {args.timeout:.0f} s", flush=True)
        passed = sum(1 for _, ok in results if ok)
        print(f"browser: {passed} passed, {len(results) - passed + 1} failed", flush=True)
        server.stop()
        os._exit(1)

    def on_signal(signum, frame):
        server.stop()
        os._exit(128 + signum)

    watchdog = threading.Timer(args.timeout, on_timeout)
    watchdog.daemon = True
    watchdog.start()
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    started = time.monotonic()
    try:
        try:
            server.start()
        except SetupError as error:
            watchdog.cancel()
            setup_error(str(error))
        run = Run(server, B, args.out)
        print(f"  note setup: WebKitGTK {B.version()}, server {server.base}", file=sys.stderr, flush=True)
        for name in Run.TESTS:
            if args.only and name not in args.only:
                continue
            run.current = name
            t = time.monotonic()
            try:
                getattr(run, "test_" + name)()
                if not server.alive():
                    raise Failure("the server exited during the test")
                results.append((name, True))
                print(f"PASS {name}", flush=True)
            except (Failure, B.BrowserError) as error:
                results.append((name, False))
                print(f"FAIL {name}: {one_line(error)}", flush=True)
            except Exception as error:
                results.append((name, False))
                traceback.print_exc(file=sys.stderr)
                print(f"FAIL {name}: {type(error).__name__}: {one_line(error)}", flush=True)
            finally:
                run.browser.close()
                run.note(f"took {time.monotonic() - t:.2f} s")
        run.current = "summary"
        run.note(f"whole run {time.monotonic() - started:.2f} s")
        with open(os.path.join(args.out, "report.txt"), "w", encoding="utf-8") as report:
            report.write(f"WebKitGTK {B.version()}\n")
            for name, ok in results:
                report.write(f"{'PASS' if ok else 'FAIL'} {name}\n")
            report.write("\n".join(run.notes) + "\n")
    finally:
        watchdog.cancel()
        server.stop()
    passed = sum(1 for _, ok in results if ok)
    failed = len(results) - passed
    print(f"browser: {passed} passed, {failed} failed", flush=True)
    sys.exit(0 if failed == 0 and results else 1)


if __name__ == "__main__":
    main()
