#!/usr/bin/env python3
"""A small host in another language: plays the rulebook's worked example over the JSON-RPC server's stdio.

Standard library only. It starts the server (`node --import tsx src/cli.ts serve --stdio` from the sources; pass another command after `--`), sends one JSON-RPC 2.0 request per line and reads one response per line, plays
examples/vienna-1517.json with its scripted events sent one by one, and checks the rulebook's result:
Hapsburg 5 hits v Ottoman 3, the Ottoman loses 4 regulars and 1 cavalry, and Suleiman, Ibrahim Pasha and 3 regulars
end in Pressburg. Exits 0 when everything matches, 1 otherwise (with what differed), 2 when the server fails.

    python3 test/server/client.py [--timeout SECONDS] [-- SERVER COMMAND ...]
"""
import json
import os
import queue
import subprocess
import sys
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_SERVER = ["node", "--import", "tsx", "src/cli.ts", "serve", "--stdio"]


class ServerError(Exception):
    """The server did not answer, or answered something that is not a JSON-RPC response line."""


class RpcError(Exception):
    def __init__(self, error):
        super().__init__("%s %s" % (error.get("code"), error.get("message")))
        self.code = error.get("code")
        self.data = error.get("data")


class Client:
    """One server process; `call` sends a request and waits for its response (responses come in request order)."""

    def __init__(self, command, timeout):
        self.timeout = timeout
        self.next_id = 1
        # Binary pipes, decoded here: the protocol is UTF-8 whatever the locale, and lines end at "\n" only.
        self.proc = subprocess.Popen(command, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.lines = queue.Queue()
        self.stderr = []
        self.readers = [
            threading.Thread(target=self._read, args=(self.proc.stdout, self.lines.put), daemon=True),
            threading.Thread(target=self._read, args=(self.proc.stderr, self.stderr.append), daemon=True),
        ]
        for reader in self.readers:
            reader.start()

    @staticmethod
    def _read(stream, sink):
        for line in iter(stream.readline, b""):
            sink(line.decode("utf-8", errors="replace"))
        sink(None)

    def send_line(self, text):
        self.proc.stdin.write(text.encode("utf-8") + b"\n")
        self.proc.stdin.flush()

    def receive(self, timeout):
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            raise ServerError("no response within %s s" % timeout)
        if line is None:
            raise ServerError("the server closed its output")
        try:
            message = json.loads(line)
        except ValueError:
            raise ServerError("not a JSON line on stdout: %r" % line[:200])
        if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
            raise ServerError("not a JSON-RPC 2.0 response: %r" % line[:200])
        return message

    def call(self, method, params=None, timeout=None):
        """The result of a request, or RpcError for a JSON-RPC error."""
        request_id = self.next_id
        self.next_id += 1
        request = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            request["params"] = params
        self.send_line(json.dumps(request, ensure_ascii=False))
        response = self.receive(timeout or self.timeout)
        if response.get("id") != request_id:
            raise ServerError("response %r answers id %r, not %r" % (response, response.get("id"), request_id))
        if "error" in response:
            raise RpcError(response["error"])
        return response["result"]

    def close(self):
        """Ends the input: the server finishes and exits by itself. Returns its exit code."""
        self.proc.stdin.close()
        try:
            code = self.proc.wait(timeout=self.timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            code = None
        for reader in self.readers:
            reader.join(timeout=self.timeout)
        return code


failures = []


def check(condition, what):
    print(("ok    " if condition else "FAIL  ") + what)
    if not condition:
        failures.append(what)


def play(client):
    with open(os.path.join(ROOT, "examples", "vienna-1517.json"), encoding="utf-8") as f:
        example = json.load(f)
    events = example.pop("events")

    # The first request also waits for the process to start (Node and tsx: slow on a loaded machine).
    hello = client.call("hello", timeout=client.startup_timeout)
    check(hello["protocol"] == "his-procedures/jsonrpc-lines", "hello: protocol %s, engine %s" % (hello["protocol"], hello["engine"]))

    created = client.call("create", {"scenario": example, "seed": 1})
    session = created["session"]
    pending = created["pending"]
    check(pending["kind"] == "intercept" and pending["power"] == "hapsburg", "create %s: %s waits for the Hapsburg interception (%s)" % (session, pending["kind"], pending["rule"]))

    refused = client.call("send", {"session": session, "event": {"type": "avoid.declare", "power": "hapsburg", "to": "pressburg"}})
    check(refused["ok"] is False and refused["error"]["rule"] == "13.2 step 1", "an avoid battle now is refused as a result: %s (%s)" % (refused["error"]["code"], refused["error"]["rule"]))

    try:
        client.call("send", {"session": "s999", "event": events[0]})
        check(False, "an unknown session is a JSON-RPC error")
    except RpcError as e:
        check(e.code == -32602, "an unknown session is a JSON-RPC error: %s" % e)

    # The board mid-move: the Ottoman formation is on its way while the interception is asked (13.1 steps 3-5).
    moving = client.call("inTransit", {"session": session})["inTransit"]
    board = client.call("position", {"session": session})["position"]
    check(moving["to"] == "vienna" and all(s["power"] != "ottoman" for s in board["stacks"]),
          "inTransit: the Ottoman formation is on its way to %s, not on the board" % moving["to"])

    # Seats: the Ottoman player sees the decision is not theirs, and may not answer it.
    seat = client.call("view", {"session": session, "power": "ottoman"})["view"]
    check(seat["yours"] is False and seat["hand"] == [] and "seed" not in seat, "view ottoman: not its decision, no hand, no seed")
    wrong_seat = client.call("send", {"session": session, "event": events[0], "as": "ottoman"})
    check(wrong_seat["ok"] is False and wrong_seat["error"]["code"] == "not-your-decision" and wrong_seat["pending"]["power"] == "hapsburg",
          "send as ottoman: %s (%s)" % (wrong_seat["error"]["code"], wrong_seat["error"]["rule"]))

    # Undo: the interception taken back and sent again, as the Hapsburg seat.
    client.call("send", {"session": session, "event": events[0], "as": "hapsburg"})
    undone = client.call("undo", {"session": session})
    check(undone["ok"] is True and undone["undone"][0]["event"]["type"] == "intercept.declare" and undone["pending"]["kind"] == "intercept",
          "undo: the interception is taken back, the interception is asked again")
    snapshot = client.call("snapshot", {"session": session})["snapshot"]
    check(snapshot["canUndo"] is False and snapshot["version"] == 2, "snapshot: version %s, nothing left to undo" % snapshot["version"])

    for event in events:
        answer = client.call("send", {"session": session, "event": event})
        check(answer["ok"] is True, "send %s: accepted" % event["type"])
        if not answer["ok"]:
            print("      refused: %s" % answer["error"]["message"])
            return

    saved = client.call("save", {"session": session})
    restored = client.call("restore", {"save": saved})
    check(restored["pending"] is None, "save and restore: %s is over too" % restored["session"])

    result = client.call("result", {"session": session})["result"]
    summary = result["summary"]
    battle = summary["battle"]
    attacker, defender = battle["attacker"], battle["defender"]
    interception = summary["interceptions"][0]
    check(interception["dice"] == [3, 5] and interception["total"] == 9 and interception["success"],
          "interception from Graz: %s → %s, success" % (interception["dice"], interception["total"]))
    check(attacker["powers"] == ["ottoman"] and attacker["dice"]["total"] == 10, "Ottoman rolls %s dice" % attacker["dice"]["total"])
    check(defender["powers"] == ["hapsburg"] and defender["dice"]["total"] == 13, "Hapsburg rolls %s dice" % defender["dice"]["total"])
    check(defender["hits"] == 5 and attacker["hits"] == 3, "Hapsburg %s hits v Ottoman %s" % (defender["hits"], attacker["hits"]))
    losses = attacker["losses"]
    check(losses["regulars"] == 4 and losses["cavalry"] == 1, "Ottoman loses %s regulars and %s cavalry" % (losses["regulars"], losses["cavalry"]))
    ottoman = [s for s in result["position"]["stacks"] if s["power"] == "ottoman"]
    where = ", ".join("%s: %s regulars, %s cavalry, %s" % (s["space"], s.get("regulars", 0), s.get("cavalry", 0), " and ".join(sorted(s.get("leaders", [])))) for s in ottoman)
    check(len(ottoman) == 1 and ottoman[0]["space"] == "pressburg" and ottoman[0].get("regulars", 0) == 3 and ottoman[0].get("cavalry", 0) == 0
          and sorted(ottoman[0].get("leaders", [])) == ["ibrahim-pasha", "suleiman"], "Ottoman ends in %s" % where)

    trace = client.call("trace", {"session": session, "from": 0})
    check(len(trace["entries"]) == trace["next"] > 0, "trace: %s steps" % trace["next"])
    for s in (session, restored["session"]):
        check(client.call("close", {"session": s}) == {"closed": True}, "close %s" % s)


def main(argv):
    timeout = 20.0
    command = DEFAULT_SERVER
    args = list(argv)
    if "--" in args:
        command = args[args.index("--") + 1:]
        args = args[:args.index("--")]
    if args[:1] == ["--timeout"] and len(args) >= 2:
        timeout = float(args[1])
    client = Client(command, timeout)
    client.startup_timeout = max(timeout, 45.0)
    try:
        play(client)
    except (ServerError, RpcError, KeyError, TypeError, IndexError) as e:
        print("ERROR %s: %s" % (type(e).__name__, e))
        client.proc.kill()
        client.proc.wait()
        print("server stderr:\n" + "".join(line for line in client.stderr if line))
        return 2
    code = client.close()
    check(code == 0, "the server exits with 0 when its input ends (got %s)" % code)
    errors = "".join(line for line in client.stderr if line)
    check(errors == "", "nothing on the server's stderr" + ("" if errors == "" else ": " + errors[:500]))
    if failures:
        print("%d check(s) failed" % len(failures))
        return 1
    print("the worked example resolves as the rulebook says")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
