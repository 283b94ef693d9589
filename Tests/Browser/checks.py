"""The failure a browser test raises, shared by run.py and the test modules it mixes in."""


class Failure(Exception):
    """A test's expectation did not hold: run.py prints FAIL with this message."""


def check(condition, message):
    if not condition:
        raise Failure(message)
