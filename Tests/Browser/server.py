"""The real shortcut-serve binary on a temporary store, its JSON API, and a small PNG made here.

Python standard library only (no gi), so run.py can use it before it knows whether WebKit is there.
"""

import base64
import ctypes
import http.client
import http.server
import json
import os
import select
import shutil
import socket
import struct
import subprocess
import tempfile
import threading
import time
import zlib


class SetupError(Exception):
    """Something the tests need is missing or broken: run.py exits 2 with this message."""


def _die_with_parent():
    # Linux prctl(PR_SET_PDEATHSIG, SIGKILL): the server goes away even if run.py is killed hard.
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, 9, 0, 0, 0)
    except Exception:
        pass


class Server:
    """`shortcut-serve --port 0 --store <temp> --quiet`; the port is read from its `listening on` line."""

    def __init__(self, binary, startup_timeout=15.0):
        self.binary = binary
        self.startup_timeout = startup_timeout
        self.proc = None
        self.store = None
        self.base = None
        self.port = None
        self.output = []
        self._log = None

    def start(self, *arguments, port=0):
        """Starts the binary with `arguments` besides the port (`port`, else a free one), store and --quiet."""
        if not os.path.isfile(self.binary) or not os.access(self.binary, os.X_OK):
            raise SetupError(f"server binary {self.binary!r} does not exist or is not executable")
        self.store = tempfile.mkdtemp(prefix="shortcut-serve-browser-")
        self._log = tempfile.TemporaryFile(prefix="shortcut-serve-stderr-")
        self.proc = subprocess.Popen(
            [self.binary, "--port", str(port), "--store", os.path.join(self.store, "store"), "--quiet", *arguments],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=self._log,
            preexec_fn=_die_with_parent,
        )
        deadline = time.monotonic() + self.startup_timeout
        line = b""
        fd = self.proc.stdout.fileno()
        while not line.endswith(b"\n"):
            left = deadline - time.monotonic()
            if left <= 0:
                self.stop()
                raise SetupError(f"server printed no 'listening on' line within {self.startup_timeout:.0f} s")
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(fd, 1)
            if not chunk:
                code = self.proc.wait(timeout=5)
                err = self._stderr_tail()
                self.stop()
                raise SetupError(f"server exited with status {code} before listening: {err}")
            line += chunk
        text = line.decode("utf-8", "replace").strip()
        prefix = "listening on http://127.0.0.1:"
        if not text.startswith(prefix) or not text[len(prefix):].isdigit():
            self.stop()
            raise SetupError(f"unexpected first line from the server: {text!r}")
        self.port = int(text[len(prefix):])
        self.base = f"http://127.0.0.1:{self.port}"
        # Keep reading stdout so the server never blocks on a full pipe.
        threading.Thread(target=self._drain, daemon=True).start()
        return self

    def _drain(self):
        try:
            for raw in self.proc.stdout:
                self.output.append(raw.decode("utf-8", "replace").rstrip("\n"))
        except Exception:
            pass

    def stderr_text(self):
        """Everything the server wrote on standard error so far."""
        # pread, not seek and read: the server writes through the same open file, so its offset is shared.
        try:
            fd = self._log.fileno()
            return os.pread(fd, os.fstat(fd).st_size, 0).decode("utf-8", "replace")
        except Exception:
            return ""

    def _stderr_tail(self):
        try:
            self._log.seek(0)
            return self._log.read()[-2000:].decode("utf-8", "replace").strip() or "(no stderr)"
        except Exception:
            return "(stderr unreadable)"

    def stop(self):
        proc, self.proc = self.proc, None
        if proc is not None and proc.poll() is None:
            proc.kill()
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass
        if self.store:
            shutil.rmtree(self.store, ignore_errors=True)
            self.store = None

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    # --- HTTP, without following redirects -------------------------------------------------------

    def request(self, method, path, body=None, headers=None, timeout=10.0):
        """(status, headers dict with lower-case names, body bytes)."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            conn.request(method, path, body=body, headers=headers or {})
            resp = conn.getresponse()
            data = resp.read()
            return resp.status, {k.lower(): v for k, v in resp.getheaders()}, data
        finally:
            conn.close()

    def create(self, fields):
        """POST /api/shortcuts: (status, parsed JSON or raw text)."""
        status, _, data = self.request(
            "POST", "/api/shortcuts", body=json.dumps(fields).encode("utf-8"),
            headers={"Content-Type": "application/json"})
        try:
            return status, json.loads(data.decode("utf-8"))
        except ValueError:
            return status, data.decode("utf-8", "replace")


class GatewayProxy:
    """A reverse proxy on 127.0.0.1 in front of a server, as a tunnel's client is (cloudflared, ngrok): it
    forwards GETs with X-Forwarded-For and, when the server cannot be reached, answers 502 Bad Gateway
    itself, the way a tunnel says "the server is down" to a phone. Standard library only."""

    def __init__(self, upstream_port):
        upstream = upstream_port

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_GET(self):
                try:
                    conn = http.client.HTTPConnection("127.0.0.1", upstream, timeout=5)
                    conn.request("GET", self.path, headers={"Host": self.headers.get("Host", ""),
                                                           "X-Forwarded-For": "203.0.113.9"})
                    resp = conn.getresponse()
                    status, headers, body = resp.status, resp.getheaders(), resp.read()
                    conn.close()
                except OSError:
                    status, headers, body = 502, [("Content-Type", "text/html")], b"<h1>502 Bad Gateway</h1><p>origin down</p>"
                self.send_response(status)
                for name, value in headers:
                    if name.lower() not in ("connection", "content-length", "transfer-encoding", "keep-alive"):
                        self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.base = f"http://127.0.0.1:{self.port}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_listening(port, timeout, what):
    """Connects to 127.0.0.1:port until it answers or `timeout` passes (a readiness check, not a sleep)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise SetupError(f"{what} is not listening on 127.0.0.1:{port} after {timeout:.0f} s")
            select.select([], [], [], 0.02)


class TLSFront:
    """Debian's nginx as a TLS terminator on 127.0.0.1 for `name`, in front of a server at `upstream_port`,
    with a certificate from a test CA made here with openssl: what a user runs with a local CA (mkcert and a
    proxy), and what a tunnel does. Once the server stops, nginx answers 502 itself, as a tunnel does."""

    def __init__(self, name, upstream_port, port=None):
        for tool in ("nginx", "openssl"):
            if shutil.which(tool) is None and not os.path.exists("/usr/sbin/" + tool):
                raise SetupError(f"{tool} is not installed (scripts/test.sh installs nginx and openssl)")
        self.name = name
        self.dir = tempfile.mkdtemp(prefix="shortcut-serve-tls-")
        self.port = port or free_port()
        d = self.dir

        def run(*command):
            done = subprocess.run(command, cwd=d, capture_output=True, timeout=60)
            if done.returncode != 0:
                raise SetupError(f"{' '.join(command[:3])} failed: {done.stderr.decode(errors='replace')[-400:]}")

        run("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2",
            "-subj", "/CN=shortcut-serve test CA", "-addext", "basicConstraints=critical,CA:TRUE",
            "-addext", "keyUsage=critical,keyCertSign,cRLSign")
        run("openssl", "req", "-newkey", "rsa:2048", "-nodes", "-keyout", "leaf.key", "-out", "leaf.csr", "-subj", f"/CN={name}")
        with open(os.path.join(d, "leaf.ext"), "w") as ext:
            ext.write(f"subjectAltName=DNS:{name}\nbasicConstraints=CA:FALSE\n"
                      "keyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n")
        run("openssl", "x509", "-req", "-in", "leaf.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
            "-out", "leaf.pem", "-days", "2", "-extfile", "leaf.ext")
        with open(os.path.join(d, "leaf.pem")) as leaf, open(os.path.join(d, "ca.pem")) as ca:
            self.chain_pem = leaf.read() + ca.read()
        with open(os.path.join(d, "chain.pem"), "w") as chain:
            chain.write(self.chain_pem)
        os.makedirs(os.path.join(d, "tmp"))
        user = "user root;\n" if os.geteuid() == 0 else ""
        with open(os.path.join(d, "nginx.conf"), "w") as conf:
            conf.write(f"""{user}worker_processes 1;
pid {d}/nginx.pid;
error_log {d}/error.log;
events {{ worker_connections 64; }}
http {{
  access_log off;
  client_body_temp_path {d}/tmp; proxy_temp_path {d}/tmp; fastcgi_temp_path {d}/tmp; uwsgi_temp_path {d}/tmp; scgi_temp_path {d}/tmp;
  server {{
    listen 127.0.0.1:{self.port} ssl;
    server_name {name};
    ssl_certificate {d}/chain.pem;
    ssl_certificate_key {d}/leaf.key;
    location / {{
      proxy_pass http://127.0.0.1:{upstream_port};
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Proto https;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
    }}
  }}
}}
""")
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        self.proc = subprocess.Popen([nginx, "-p", d, "-c", os.path.join(d, "nginx.conf"), "-g", "daemon off;"],
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                     preexec_fn=_die_with_parent)
        try:
            wait_listening(self.port, 15, "nginx")
        except SetupError:
            self.stop()
            raise
        self.base = f"https://{name}:{self.port}"

    def stop(self):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        shutil.rmtree(self.dir, ignore_errors=True)


class ConnectProxy:
    """An HTTP proxy on 127.0.0.1 that answers CONNECT only, opening each tunnel to 127.0.0.1 at the asked port:
    how the browser reaches `https://phone.test:PORT/` without a hosts entry (the name never leaves the test).
    A port nothing listens on gets 502, as from a proxy whose upstream is down."""

    def __init__(self):
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(16)
        self.port = self.listener.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while not self.closed:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client):
        try:
            head = b""
            while b"\r\n\r\n" not in head and len(head) < 8192:
                chunk = client.recv(1024)
                if not chunk:
                    return
                head += chunk
            parts = head.split(b"\r\n", 1)[0].split()
            if len(parts) != 3 or parts[0] != b"CONNECT":
                client.sendall(b"HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n")
                return
            port = int(parts[1].rsplit(b":", 1)[1])
            try:
                upstream = socket.create_connection(("127.0.0.1", port), timeout=5)
            except OSError:
                client.sendall(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n")
                return
            client.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
            rest = head.split(b"\r\n\r\n", 1)[1]
            if rest:
                upstream.sendall(rest)
            self._pipe(client, upstream)
        except (OSError, ValueError, IndexError):
            pass
        finally:
            client.close()

    @staticmethod
    def _pipe(a, b):
        sockets = [a, b]
        try:
            while True:
                ready, _, _ = select.select(sockets, [], [], 30)
                if not ready:
                    return
                for s in ready:
                    data = s.recv(65536)
                    if not data:
                        return
                    (b if s is a else a).sendall(data)
        finally:
            b.close()

    def stop(self):
        self.closed = True
        self.listener.close()


def make_png(width=48, height=48):
    """A small RGBA PNG (a diagonal orange-to-purple gradient with a white square), made with zlib and struct."""
    rows = []
    for y in range(height):
        row = bytearray([0])  # filter type None
        for x in range(width):
            t = (x + y) / (width + height - 2)
            inside = width // 3 <= x < 2 * width // 3 and height // 3 <= y < 2 * height // 3
            if inside:
                row += bytes([255, 255, 255, 255])
            else:
                row += bytes([int(255 - 120 * t), int(140 - 100 * t), int(40 + 180 * t), 255])
        rows.append(bytes(row))

    def chunk(kind, payload):
        return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


def png_data_uri(png):
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")
