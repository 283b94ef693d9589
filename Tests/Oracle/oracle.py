#!/usr/bin/env python3
"""The differential suite: each case of Tests/Oracle/cases/*.json against WireMock 2.35.1 and shortcut-serve.

For each case both servers are reset, given the case's mappings through POST /__admin/mappings, and sent the
case's requests; the answers are compared field by field (status, the status message when the mapping sets one,
body, and the headers the mapping sets). A difference listed in Tests/Oracle/differences.json is expected (a
WireMock 3 behaviour, a limit of ours, or a defect to fix); any other fails the run. Standard library only, so
that it runs wherever python3 does. Started by scripts/oracle.sh, which starts both servers.
"""

import argparse
import glob
import http.client
import json
import os
import sys
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))

# Headers each server sets its own way, whatever the mapping says: never compared.
IGNORED_HEADERS = {"date", "server", "matched-stub-id", "transfer-encoding", "vary"}


class Answer:
    """One HTTP answer, read whole."""

    def __init__(self, status, reason, headers, body):
        self.status = status
        self.reason = reason
        self.headers = headers  # lower-cased name -> value (the last one of a repeated header)
        self.body = body


def send(base, method, url, headers=None, body=None, timeout=10):
    """Sends one request with http.client (no redirect followed, any method) and reads the answer."""
    parsed = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=timeout)
    try:
        data = body.encode() if isinstance(body, str) else body
        # A case's headers are an object, or a list of [name, value] pairs when a name repeats.
        pairs = headers.items() if isinstance(headers, dict) else (headers or [])
        connection.putrequest(method, url, skip_accept_encoding=True)
        for name, value in pairs:
            connection.putheader(name, value)
        if data is not None:
            connection.putheader("Content-Length", str(len(data)))
        connection.endheaders(data)
        response = connection.getresponse()
        payload = response.read()
        names = {name.lower(): value for name, value in response.getheaders()}
        return Answer(response.status, response.reason, names, payload)
    finally:
        connection.close()


def wait_ready(base, seconds):
    """Polls GET /__admin/mappings until it answers 200: the only wait that is a sleep, and it is bounded."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if send(base, "GET", "/__admin/mappings", timeout=2).status == 200:
                return True
        except OSError:
            pass
        time.sleep(0.2)
    return False


def reset(base):
    """Removes every mapping and the journal, so that no case sees another's stubs."""
    answer = send(base, "POST", "/__admin/reset")
    if answer.status >= 300:
        raise RuntimeError(f"{base}: POST /__admin/reset answered {answer.status}")


def add_mapping(base, mapping):
    """POST /__admin/mappings; returns the answer (201 when taken)."""
    body = json.dumps(mapping)
    return send(base, "POST", "/__admin/mappings", {"Content-Type": "application/json"}, body)


def as_json(data):
    """The body parsed as JSON, or None when it is not JSON (then it is compared as bytes)."""
    try:
        return json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None


def bodies_equal(theirs, ours):
    """Equal as JSON when both parse (key order and spacing differ between servers), else as bytes."""
    if theirs == ours:
        return True
    left, right = as_json(theirs), as_json(ours)
    return left is not None and right is not None and left == right


def mapped_header_names(mappings):
    """The response header names the case's mappings set: only those are compared."""
    names = set()
    for mapping in mappings:
        for name in (mapping.get("response", {}).get("headers") or {}):
            names.add(name.lower())
    return names - IGNORED_HEADERS


def sets_status_message(mappings):
    return any("statusMessage" in mapping.get("response", {}) for mapping in mappings)


def excerpt(value, limit=160):
    text = value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)
    return text if len(text) <= limit else text[:limit] + "…"


def compare(theirs, ours, header_names, with_reason):
    """Yields (field, WireMock's value, ours) for each field that differs."""
    if theirs.status != ours.status:
        yield "status", theirs.status, ours.status
    # A 404 is the near-miss report: its words differ on purpose, only its status is compared (and when one
    # side is 404 the status difference says it all).
    if theirs.status == 404 or ours.status == 404:
        return
    if with_reason and theirs.reason != ours.reason:
        yield "statusMessage", theirs.reason, ours.reason
    body_equal = bodies_equal(theirs.body, ours.body)
    if not body_equal:
        yield "body", theirs.body, ours.body
    for name in sorted(header_names):
        if name == "content-length" and body_equal:
            continue
        if theirs.headers.get(name) != ours.headers.get(name):
            yield f"header:{name}", theirs.headers.get(name), ours.headers.get(name)


def run_case(case, wiremock, ours):
    """Runs one case on both servers; returns its differences as (request index, field, theirs, ours)."""
    found = []
    for base in (wiremock, ours):
        reset(base)
    for index, mapping in enumerate(case["mappings"]):
        statuses = [add_mapping(base, mapping).status for base in (wiremock, ours)]
        if statuses[0] != statuses[1] or statuses[0] != 201:
            found.append((f"mapping {index}", "status", statuses[0], statuses[1]))
    # "compare": ["header:Content-Type", …] adds headers the mappings do not set (a server's own default).
    header_names = mapped_header_names(case["mappings"]) | {
        entry.split(":", 1)[1].lower() for entry in case.get("compare", []) if entry.startswith("header:")
    }
    with_reason = sets_status_message(case["mappings"])
    for index, request in enumerate(case["requests"]):
        answers = [
            send(base, request.get("method", "GET"), request["url"], request.get("headers"), request.get("body"))
            for base in (wiremock, ours)
        ]
        for field, theirs, mine in compare(answers[0], answers[1], header_names, with_reason):
            found.append((index, field, theirs, mine))
    return found


def load_cases():
    """Every case of cases/*.json (a file holds one case or a list), in file then list order; names unique."""
    cases = []
    for path in sorted(glob.glob(os.path.join(HERE, "cases", "*.json"))):
        with open(path, encoding="utf-8") as handle:
            content = json.load(handle)
        cases.extend(content if isinstance(content, list) else [content])
    names = [case["name"] for case in cases]
    duplicates = {name for name in names if names.count(name) > 1}
    if duplicates:
        raise ValueError(f"case names used twice: {sorted(duplicates)}")
    return cases


def load_listed():
    """The deliberate differences, keyed by (case, request, field)."""
    with open(os.path.join(HERE, "differences.json"), encoding="utf-8") as handle:
        entries = json.load(handle)
    return {(entry["case"], entry["request"], entry["field"]): entry["reason"] for entry in entries}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wiremock", required=True, help="WireMock's base URL")
    parser.add_argument("--ours", required=True, help="shortcut-serve's base URL")
    parser.add_argument("--wait", type=float, default=60, help="seconds to wait for both to answer")
    parser.add_argument("--case", help="run only the cases whose name contains this")
    arguments = parser.parse_args()

    for base in (arguments.wiremock, arguments.ours):
        if not wait_ready(base, arguments.wait):
            print(f"error: {base} did not answer GET /__admin/mappings within {arguments.wait:g} s", file=sys.stderr)
            return 2
    cases = [case for case in load_cases() if not arguments.case or arguments.case in case["name"]]
    listed = load_listed()
    unlisted = listed_count = 0
    seen = set()
    for case in cases:
        for request, field, theirs, mine in run_case(case, arguments.wiremock, arguments.ours):
            key = (case["name"], request, field)
            if key in listed:
                listed_count += 1
                seen.add(key)
                continue
            unlisted += 1
            print(f"unlisted: {case['name']} request {request} {field}: "
                  f"WireMock {excerpt(theirs)!r}, ours {excerpt(mine)!r}")
    # A listed difference that is gone (fixed, or its case renamed) should leave the list: said, not failed.
    names = {case["name"] for case in cases}
    for case_name, request, field in sorted(set(listed) - seen, key=str):
        if case_name in names:
            print(f"note: listed difference not seen: {case_name} request {request} {field}")
    print(f"oracle: {len(cases)} cases, {unlisted} unlisted differences, {listed_count} listed")
    return 1 if unlisted else 0


if __name__ == "__main__":
    sys.exit(main())
