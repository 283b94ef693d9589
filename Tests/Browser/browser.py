"""WebKitGTK (WebKit2 4.1, GTK 3) driven from a GLib main context, every wait bounded by a deadline.

One `Tab` is one Gtk.OffscreenWindow holding one WebKit2.WebView with its own UserContentManager
(so `navigator.standalone` can be injected at document start for one tab only). Every navigation
request the engine asks a policy for is recorded with its time; navigations to schemes other than
http, https, data and about are recorded and then ignored, so an app URL such as
`myapp://page/view2` is observed without leaving the page.
"""

import json
import time

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import Gio, GLib, Gtk, WebKit2  # noqa: E402

WEB_SCHEMES = ("http", "https", "data", "about", "blob")

# Make `navigator.standalone` true before any page script runs, as on an iPhone home-screen launch.
STANDALONE_SCRIPT = (
    "Object.defineProperty(Navigator.prototype, 'standalone', {get: function () { return true; }, configurable: true});"
    "Object.defineProperty(navigator, 'standalone', {get: function () { return true; }, configurable: true});"
)


class BrowserError(Exception):
    """A wait ran out or the engine failed: the test that asked fails with this message."""


def init():
    """Gtk.init_check; False when there is no display (not run under Xvfb)."""
    ok = Gtk.init_check(None)
    return bool(ok[0] if isinstance(ok, tuple) else ok)


def version():
    return f"{WebKit2.get_major_version()}.{WebKit2.get_minor_version()}.{WebKit2.get_micro_version()}"


def spin(predicate, timeout):
    """Run the GLib main context until predicate() is true or `timeout` seconds pass; returns predicate()."""
    ctx = GLib.MainContext.default()
    deadline = time.monotonic() + timeout
    state = {"expired": False}

    def expire():
        state["expired"] = True
        return False

    # One source wakes the loop at the deadline; a 25 ms tick re-checks time-based predicates.
    expiry = GLib.timeout_add(max(1, int(timeout * 1000)), expire)
    tick = GLib.timeout_add(25, lambda: True)
    try:
        while not predicate():
            if state["expired"] or time.monotonic() >= deadline:
                return bool(predicate())
            ctx.iteration(True)
        return True
    finally:
        if not state["expired"]:
            GLib.source_remove(expiry)
        GLib.source_remove(tick)


class Tab:
    def __init__(self, context, standalone=False, width=390, height=844, block_other_schemes=True):
        self.t0 = time.monotonic()
        self.events = []  # (seconds since t0, kind, details)
        self.navigations = []  # (seconds, uri, frame is main)
        self.load_committed_at = None
        self.load_finished_at = None
        self.load_failed = None  # (uri, domain, code, message)
        self.crashed = None
        self.block_other_schemes = block_other_schemes
        self.messages = []  # what pages posted to a handler (`add_start_script`)

        self.ucm = WebKit2.UserContentManager()
        if standalone:
            self.ucm.add_script(WebKit2.UserScript.new(
                STANDALONE_SCRIPT, WebKit2.UserContentInjectedFrames.TOP_FRAME,
                WebKit2.UserScriptInjectionTime.START, None, None))
        self.view = WebKit2.WebView(web_context=context, user_content_manager=self.ucm)
        settings = self.view.get_settings()
        settings.set_enable_javascript(True)
        settings.set_enable_developer_extras(False)
        self.window = Gtk.OffscreenWindow()
        self.window.set_default_size(width, height)
        self.window.add(self.view)
        self.window.show_all()
        self.draws = 0
        self.window.connect("damage-event", self._on_damage)

        self.view.connect("decide-policy", self._on_decide_policy)
        self.view.connect("load-changed", self._on_load_changed)
        self.view.connect("load-failed", self._on_load_failed)
        self.view.connect("web-process-terminated", self._on_terminated)

    def add_start_script(self, source, messages=None):
        """Runs `source` at the start of every top-frame document this tab loads from now on. With `messages`
        (a name), what the script posts to `window.webkit.messageHandlers[messages]` is appended, as a string,
        to `self.messages` (the page's values, whenever this process gets round to receiving them)."""
        if messages:
            self.ucm.register_script_message_handler(messages)
            self.ucm.connect(f"script-message-received::{messages}",
                             lambda _, result: self.messages.append(result.get_js_value().to_string()))
        self.ucm.add_script(WebKit2.UserScript.new(
            source, WebKit2.UserContentInjectedFrames.TOP_FRAME, WebKit2.UserScriptInjectionTime.START, None, None))

    # --- signals ---------------------------------------------------------------------------------

    def now(self):
        return time.monotonic() - self.t0

    def _on_decide_policy(self, view, decision, kind):
        if kind in (WebKit2.PolicyDecisionType.NAVIGATION_ACTION, WebKit2.PolicyDecisionType.NEW_WINDOW_ACTION):
            uri = decision.get_navigation_action().get_request().get_uri()
            self.navigations.append((self.now(), uri))
            self.events.append((self.now(), "navigation", uri))
            scheme = uri.split(":", 1)[0].lower() if ":" in uri else ""
            if self.block_other_schemes and scheme not in WEB_SCHEMES:
                decision.ignore()
                return True
        elif kind == WebKit2.PolicyDecisionType.RESPONSE:
            response = decision.get_response()
            self.events.append((self.now(), "response", f"{response.get_status_code()} {response.get_mime_type()} "
                                f"{response.get_uri()} main={decision.is_main_frame_main_resource()}"))
        return False  # the engine's own decision

    def _on_load_changed(self, view, event):
        self.events.append((self.now(), "load-" + event.value_nick, view.get_uri()))
        if event == WebKit2.LoadEvent.COMMITTED:
            self.load_committed_at = self.now()
        if event == WebKit2.LoadEvent.FINISHED:
            self.load_finished_at = self.now()

    def _on_load_failed(self, view, event, uri, error):
        self.load_failed = (uri, GLib.quark_to_string(error.domain) if isinstance(error.domain, int) else str(error.domain),
                            error.code, error.message)
        self.events.append((self.now(), "load-failed", f"{uri} {self.load_failed[1]} {error.code} {error.message}"))
        return True  # no built-in error page: the page stays as the engine left it

    def _on_damage(self, window, event):
        self.draws += 1
        return False

    def _on_terminated(self, view, reason):
        self.crashed = str(reason)
        self.events.append((self.now(), "web-process-terminated", self.crashed))
        return False

    # --- actions ---------------------------------------------------------------------------------

    def _start_load(self):
        self.load_committed_at = None
        self.load_finished_at = None
        self.load_failed = None

    def load_uri(self, uri, timeout=15.0):
        """Load and wait for load-changed FINISHED (which also follows load-failed)."""
        self._start_load()
        self.view.load_uri(uri)
        return self._wait_loaded(uri, timeout)

    def load_html(self, html, base_uri, timeout=15.0):
        self._start_load()
        self.view.load_html(html, base_uri)
        return self._wait_loaded(base_uri, timeout)

    def _wait_loaded(self, what, timeout):
        if not spin(lambda: self.load_finished_at is not None or self.crashed, timeout):
            raise BrowserError(f"load of {what[:80]} did not finish within {timeout:.0f} s; events: {self.event_text()}")
        if self.crashed:
            raise BrowserError(f"web process terminated ({self.crashed}) while loading {what[:80]}")
        return self.load_failed

    def js(self, body, timeout=5.0):
        """Run `body` (a function body that returns a value) in the page; its result via JSON."""
        script = "JSON.stringify((function () {" + body + "})())"
        box = {}

        def done(view, result):
            try:
                value = view.evaluate_javascript_finish(result)
                box["value"] = None if value.is_undefined() else value.to_string()
            except GLib.Error as error:
                box["error"] = error.message

        self.view.evaluate_javascript(script, -1, None, None, None, done)
        if not spin(lambda: box, timeout):
            raise BrowserError(f"JavaScript did not answer within {timeout:.0f} s")
        if "error" in box:
            raise BrowserError(f"JavaScript failed: {box['error']}")
        return None if box["value"] is None else json.loads(box["value"])

    def wait_js(self, body, timeout):
        """Poll `body` until it returns a truthy value or `timeout` passes; the last value."""
        deadline = time.monotonic() + timeout
        value = self.js(body)
        while not value and time.monotonic() < deadline:
            spin(lambda: False, min(0.05, max(0.0, deadline - time.monotonic())))
            value = self.js(body)
        return value

    def navigations_after(self, since, predicate=lambda uri: True):
        return [(t, uri) for t, uri in self.navigations if t >= since and predicate(uri)]

    def wait_navigation(self, predicate, since, timeout):
        """Wait until a navigation request matching predicate is seen at or after `since`; (time, uri) or None."""
        spin(lambda: self.navigations_after(since, predicate), timeout)
        found = self.navigations_after(since, predicate)
        return found[0] if found else None

    def screenshot(self, path, timeout=5.0):
        """Wait for two painted frames, then save the offscreen window as PNG."""
        self.js("window.__browserTestFrames = 0; requestAnimationFrame(function () {"
                " requestAnimationFrame(function () { window.__browserTestFrames = 2; }); }); return true;")
        if not self.wait_js("return window.__browserTestFrames === 2;", timeout):
            raise BrowserError("the page painted no frame within the screenshot deadline")
        # Let GTK draw what the page just produced: the next damage of the offscreen window, if one
        # comes (a page that changes nothing after those frames may not be drawn again, so this wait
        # is short and not an error).
        draws = self.draws
        spin(lambda: self.draws > draws, 0.5)
        pixbuf = self.window.get_pixbuf()
        if pixbuf is None:
            raise BrowserError("the offscreen window has no pixels")
        pixbuf.savev(path, "png", [], [])
        return path

    def uri(self):
        return self.view.get_uri()

    def main_response(self):
        resource = self.view.get_main_resource()
        return resource.get_response() if resource is not None else None

    def event_text(self, limit=12):
        def short(text):
            return text if len(text) <= 90 else text[:90] + "…"
        return "; ".join(f"{t:.3f}s {kind} {short(str(details))}" for t, kind, details in self.events[-limit:])

    def close(self):
        try:
            self.view.stop_loading()
            self.window.destroy()
        except Exception:
            pass
        spin(lambda: False, 0.01)


class Browser:
    """An ephemeral web context (no disk cache, no cookies kept) shared by the tabs of one run.

    `proxy` (`http://127.0.0.1:PORT`) sends every request through that HTTP proxy: how a test reaches a
    server by a name that is not `localhost` (`http://phone.test:PORT/…` asked as an absolute-form target
    of the proxy) without a hosts entry. The page's origin is that name, as on a phone: not loopback, so not
    a secure context over plain HTTP."""

    def __init__(self, proxy=None):
        self.context = WebKit2.WebContext.new_ephemeral()
        self.context.set_cache_model(WebKit2.CacheModel.DOCUMENT_VIEWER)
        if proxy:
            settings = WebKit2.NetworkProxySettings.new(proxy, None)
            self.context.get_website_data_manager().set_network_proxy_settings(WebKit2.NetworkProxyMode.CUSTOM, settings)
        self.tabs = []

    def trust(self, pem, host):
        """Accepts the certificate chain `pem` (a leaf of the test CA) for `host`, as a phone that installed
        the local CA's root would."""
        self.context.allow_tls_certificate_for_host(Gio.TlsCertificate.new_from_pem(pem, -1), host)

    def tab(self, standalone=False, **kwargs):
        tab = Tab(self.context, standalone=standalone, **kwargs)
        self.tabs.append(tab)
        return tab

    def close(self):
        for tab in self.tabs:
            tab.close()
        self.tabs = []
