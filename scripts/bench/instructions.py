"""Instructions per request, counted by callgrind: a measure that does not move with the machine's load.

Usage: instructions.py BINARY STORE PATH [PATH...] [--requests N] [--connections C] [--nginx PEER_SCRIPT] [--top K]
(KEEP_CALLGRIND=1 keeps the callgrind files, for callgrind_annotate --inclusive=yes; SERVER_ARGS='--journal 0'
adds arguments to ours.)

Every server is counted the same way, as a whole process: `valgrind --tool=callgrind` from exec to exit,
every thread (ours: its event loops, Dispatch's workers, the store's timers) and, for nginx, the master and
both workers (`--trace-children=yes`; workers are forked, so each writes its own file and they are summed).
Each server answers N, then (in a fresh process) 2N, keep-alive GETs of PATH over one connection (or
--connections C, sent in lock-step rounds); start-up, the connects and shutdown are the same in both runs,
so (I(2N) - I(N)) / N is what one request costs in user space. One connection by default: each request is
then one wake-up of the server, for both servers alike, and runs agree within ~2% (nginx's exactly). With 4
lock-step connections ours moved by +-10% between runs (how many requests one Dispatch wake-up finds varies). Kernel work (the system calls themselves)
is not counted: read it from the wrk figures. `rep movsb` copies count one per byte, so a large memcpy
looks dearer than it is.

nginx (--nginx: ../shared/peers/nginx-peer.sh) runs with the config compare.sh measures (2 workers,
reuseport, access_log off), serving the bytes ours serves: the Location of our GET /s (page mode:
`/p/demo`) and the body and Content-Type of our GET /p/demo, taken from our running binary first, as
compare.sh does. (nginx adds `Server: nginx`, `Content-Type` and its 162-byte HTML body to a `return 301`;
it cannot be told not to. Those bytes are copied, not built: a few hundred instructions at most.)
Paths nginx is not set up for (/v3/…, /s/<id>) are counted for ours alone.

Prints, per path, ours and nginx side by side with the ratio, then the functions with the most
instructions of their own per request (the same difference, function by function).
"""
import os, re, shlex, shutil, socket, stat, subprocess, sys, tempfile, time

CONNECTIONS = 1
KEEP = bool(os.environ.get("KEEP_CALLGRIND"))


def listening(port):
    """Whether something listens on 127.0.0.1:port (read from /proc, so no probe connection is counted)."""
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = open(table).read().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            local, state = line.split()[1], line.split()[3]
            if state == "0A" and int(local.split(":")[1], 16) == port:
                return True
    return False


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def drive(port, path, requests):
    """`requests` keep-alive GETs of `path`, CONNECTIONS at a time in lock-step rounds."""
    request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
    connections = [socket.create_connection(("127.0.0.1", port)) for _ in range(CONNECTIONS)]
    pending = [b""] * CONNECTIONS
    for _ in range(requests // CONNECTIONS):
        for s in connections:
            s.sendall(request)
        for k, s in enumerate(connections):
            pending[k] = read_response(s, pending[k])
    for s in connections:
        s.close()


def read_response(s, buffer):
    while b"\r\n\r\n" not in buffer:
        more = s.recv(65536)
        if not more:
            raise RuntimeError("the server closed the connection")
        buffer += more
    head, rest = buffer.split(b"\r\n\r\n", 1)
    length = next((int(l.split(b":")[1]) for l in head.split(b"\r\n") if l.lower().startswith(b"content-length:")), 0)
    while len(rest) < length:
        rest += s.recv(65536)
    return rest[length:]


def valgrind(out_folder, trace_children):
    return ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out_folder}/callgrind.out.%p",
            f"--trace-children={'yes' if trace_children else 'no'}"]


def run_ours(binary, store, path, requests, out_folder):
    # One hash seed for every run: Swift seeds its hashing per process, which moves the counts by ~100 a
    # request between otherwise identical runs (collisions and probe lengths differ).
    extra = shlex.split(os.environ.get("SERVER_ARGS", ""))
    server = subprocess.Popen(valgrind(out_folder, False) + [binary, "--port", "0", "--store", store, "--quiet"] + extra,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              env=dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1"))
    line = server.stdout.readline().decode()
    port = int(re.search(r":(\d+)$", line.strip()).group(1))
    drive(port, path, requests)
    server.send_signal(2)
    server.wait()


def run_nginx(peer, peer_args, path, requests, out_folder):
    """nginx-peer.sh as compare.sh starts it, with `nginx` on PATH being nginx under callgrind."""
    shim = tempfile.mkdtemp()
    os.chmod(shim, 0o755)
    with open(f"{shim}/nginx", "w") as f:
        f.write("#!/bin/sh\nexec " + " ".join(valgrind(out_folder, True)) + f" {shutil.which('nginx') or '/usr/sbin/nginx'} \"$@\"\n")
    os.chmod(f"{shim}/nginx", 0o755)
    port = free_port()
    env = dict(os.environ, PATH=f"{shim}:{os.environ['PATH']}", TMPDIR=out_folder)
    server = subprocess.Popen([peer, "--port", str(port)] + peer_args, env=env, start_new_session=True,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while not listening(port):  # a measurement script, not a test: wait for the bind without connecting
        if server.poll() is not None:
            raise RuntimeError("nginx under callgrind exited before listening")
        time.sleep(0.05)
    drive(port, path, requests)
    os.killpg(server.pid, 15)  # nginx's fast shutdown: the master stops its workers, each writes its counts
    server.wait()
    shutil.rmtree(shim)


def totals(out_folder):
    """Instructions of every callgrind file in the folder (one per process), and per function."""
    total, functions = 0, {}
    for name in os.listdir(out_folder):
        if not name.startswith("callgrind.out."):
            continue
        text = subprocess.run(["callgrind_annotate", "--auto=no", "--threshold=100", f"{out_folder}/{name}"],
                              capture_output=True, text=True).stdout
        match = re.search(r"([\d,]+) \(100.0%\)\s+PROGRAM TOTALS", text)
        if not match:
            continue
        total += int(match.group(1).replace(",", ""))
        for line in text.split("PROGRAM TOTALS", 1)[1].splitlines():
            m = re.match(r"\s*([\d,]+) \([^)]*\)\s+(\S.*)$", line)
            if m:
                key = re.sub(r" \[[^\]]*\]$", "", m.group(2))
                functions[key] = functions.get(key, 0) + int(m.group(1).replace(",", ""))
    return total, functions


def per_request(run, requests):
    """(I(2N) - I(N)) / N, whole and per function."""
    counts = []
    for n in (requests, 2 * requests):
        folder = tempfile.mkdtemp()
        os.chmod(folder, 0o777)  # nginx's processes run as nobody
        run(n, folder)
        counts.append(totals(folder))
        if KEEP:
            print(f"  (callgrind files of {n} requests kept in {folder})")
        else:
            shutil.rmtree(folder)
    (small, small_f), (large, large_f) = counts
    functions = {k: (large_f.get(k, 0) - small_f.get(k, 0)) / requests for k in set(small_f) | set(large_f)}
    return (large - small) / requests, functions


def show_top(label, functions, top):
    names = sorted(functions, key=lambda k: -functions[k])[:top]
    demangled = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(names),
                               capture_output=True, text=True).stdout.splitlines()
    print(f"  {label}, the functions with most instructions of their own per request:")
    for name, shown in zip(names, demangled):
        shown = shown.replace(os.getcwd() + "/", "")
        print(f"    {functions[name]:8,.0f}  {shown[:104]}")


def peer_files(binary, store, folder):
    """What ours answers to GET /s and GET /p/demo, in the files nginx-peer.sh takes (as compare.sh does)."""
    server = subprocess.Popen([binary, "--port", "0", "--store", store, "--quiet"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL)
    port = int(re.search(r":(\d+)$", server.stdout.readline().decode().strip()).group(1))
    s = socket.create_connection(("127.0.0.1", port))
    answers = {}
    for path in ("/s", "/p/demo"):
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        buffer = b""
        while b"\r\n\r\n" not in buffer:
            buffer += s.recv(65536)
        head, rest = buffer.split(b"\r\n\r\n", 1)
        fields = {l.split(b":", 1)[0].lower(): l.split(b":", 1)[1].strip() for l in head.split(b"\r\n")[1:]}
        length = int(fields.get(b"content-length", b"0"))
        while len(rest) < length:
            rest += s.recv(65536)
        answers[path] = (fields, rest[:length])
    s.close()
    server.send_signal(2)
    server.wait()
    open(f"{folder}/location", "wb").write(answers["/s"][0][b"location"])
    open(f"{folder}/page", "wb").write(answers["/p/demo"][1])
    for name in ("location", "page"):
        os.chmod(f"{folder}/{name}", 0o644)
    return ["--redirect-path", "/s", "--location-file", f"{folder}/location", "--page-path", "/p/demo",
            "--page-file", f"{folder}/page", "--content-type", answers["/p/demo"][0][b"content-type"].decode()]


def main():
    args = sys.argv[1:]
    requests, peer, top = 4000, None, 10
    global CONNECTIONS
    for flag in ("--requests", "--nginx", "--top", "--connections"):
        if flag in args:
            at = args.index(flag)
            value = args[at + 1]
            del args[at:at + 2]
            if flag == "--requests":
                requests = int(value)
            elif flag == "--connections":
                CONNECTIONS = int(value)
            elif flag == "--top":
                top = int(value)
            else:
                peer = value
    requests = requests // CONNECTIONS * CONNECTIONS  # whole lock-step rounds, whichever flag came first
    binary, store, paths = args[0], args[1], args[2:]
    files = tempfile.mkdtemp()
    os.chmod(files, 0o755)
    peer_args = peer_files(binary, store, files) if peer else []
    print(f"user-space instructions per request: callgrind, whole process, (I(2N) - I(N)) / N, N = {requests}, "
          f"{CONNECTIONS} keep-alive connection{'s' if CONNECTIONS > 1 else ''}")
    profiles = []
    for path in paths:
        ours, ours_f = per_request(lambda n, folder: run_ours(binary, store, path, n, folder), requests)
        profiles.append((f"ours GET {path}", ours_f))
        line = f"GET {path:<14} ours {ours:8,.0f}"
        if peer and path in ("/s", "/p/demo"):
            theirs, theirs_f = per_request(lambda n, folder: run_nginx(peer, peer_args, path, n, folder), requests)
            line += f"   nginx {theirs:8,.0f}   ours/nginx {ours / theirs:.2f}"
            profiles.append((f"nginx GET {path}", theirs_f))
        print(line, flush=True)
    if top > 0:
        for label, functions in profiles:
            show_top(label, functions, top)
    shutil.rmtree(files)


main()
