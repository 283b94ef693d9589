"""Instructions per request, counted by callgrind: a measure that does not move with the machine's load.

Usage: instructions.py BINARY STORE PATH [PATH...] [--requests N]

For each PATH the release binary is started under `valgrind --tool=callgrind` on STORE and answers N
keep-alive GETs over 4 connections; only what runs inside an event loop's pass (`EventLoop.drain`: read,
parse, route, handle, write) is counted, so start-up and the store's timers do not blur the figure.
Divided by N, it is the user-space instructions one request costs (kernel work, the system calls
themselves, is not counted: read it from the wrk figures). Also prints the functions with the
most instructions of their own per request. `rep movsb` copies count one per byte here, so a large
memcpy looks dearer than it is.
"""
import os, re, socket, subprocess, sys, tempfile

def run(binary, store, path, requests, out):
    server = subprocess.Popen(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--collect-atstart=no",
         "--toggle-collect=*EventLoopC5drain*", binary, "--port", "0", "--store", store, "--quiet"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    line = server.stdout.readline().decode()
    port = int(re.search(r":(\d+)$", line.strip()).group(1))
    request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
    connections = [socket.create_connection(("127.0.0.1", port)) for _ in range(4)]
    pending = [b""] * 4
    for _ in range(requests // 4):
        for s in connections:
            s.sendall(request)
        for k, s in enumerate(connections):
            pending[k] = read_response(s, pending[k])
    for s in connections:
        s.close()
    server.send_signal(2)
    server.wait()

def read_response(s, buffer):
    while b"\r\n\r\n" not in buffer:
        buffer += s.recv(65536)
    head, rest = buffer.split(b"\r\n\r\n", 1)
    length = next((int(l.split(b":")[1]) for l in head.split(b"\r\n") if l.lower().startswith(b"content-length:")), 0)
    while len(rest) < length:
        rest += s.recv(65536)
    return rest[length:]

def annotate(out):
    text = subprocess.run(["callgrind_annotate", out], capture_output=True, text=True).stdout
    total = int(re.search(r"([\d,]+) \(100.0%\)\s+PROGRAM TOTALS", text).group(1).replace(",", ""))
    functions = []
    for line in text.split("PROGRAM TOTALS", 1)[1].splitlines():
        match = re.match(r"\s*([\d,]+) \([^)]*\)\s+(\S.*)$", line)
        if match:
            functions.append((int(match.group(1).replace(",", "")), match.group(2)))
    return total, functions

def main():
    args = sys.argv[1:]
    requests = 8000
    if "--requests" in args:
        at = args.index("--requests")
        requests = int(args[at + 1])
        del args[at:at + 2]
    binary, store, paths = args[0], args[1], args[2:]
    folder = tempfile.mkdtemp()
    for path in paths:
        run(binary, store, path, requests, f"{folder}/run.out")
        total, functions = annotate(f"{folder}/run.out")
        print(f"GET {path}: {total / requests:,.0f} instructions per request ({requests} requests, callgrind)")
        demangled = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(f for _, f in functions[:12]),
                                   capture_output=True, text=True).stdout.splitlines()
        for (count, _), name in zip(functions[:12], demangled):
            name = re.sub(r" \[[^\]]*\]$", "", name).replace(os.getcwd() + "/", "")
            print(f"  {count / requests:8,.0f}  {name[:110]}")

main()
