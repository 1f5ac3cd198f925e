#!/usr/bin/env python3
"""A Galloper bot in Python, using only the standard library.

It plays one side of Galloper games by email, from the JSON document
attached to every mail Galloper sends (docs/bots.md): it reads its
mailbox over IMAP, and answers each mail by SMTP to the mail's reply
address, which authenticates it without a password. Its policy is the
sample bot's (galloper bot): for each segment it is due to order, in Line
of Battle no new written orders and, for every stack that sees an enemy
unit within its weapons' reach, a FIRE at the nearest; in ACW miniatures
a line a unit from its hints (table_orders); in Battle Hymn and Winter's
Victory moves along the hints' approaches to the objectives, bombardments,
charges, written orders and fire plans (hour_scripts, segment_orders); in
GBACW an activation script a unit (activation_scripts); in
any other system an empty file; every decision request answered with its
default (by its number); a refused file never sent again; a mail Galloper
did not read for the bot's rate limit sent again once the minute its
reply names is over.

    galloper_bot.py --imap HOST:PORT --user NAME --smtp HOST:PORT --address ADDR

The mailbox password is read from GALLOPER_BOT_PASSWORD. It speaks plain
IMAP and SMTP, for a server on loopback or a trusted network. It stops
when the final mail of a game has come (--until-over) or runs for ever.
"""

import argparse
import email
import email.message
import email.policy
import email.utils
import imaplib
import json
import datetime
import os
import re
import smtplib
import sys
import time


def read_doc(raw):
    """Returns a mail's JSON document, its reply address and the
    Message-ID of the mail it answers (its In-Reply-To)."""
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    reply = msg.get("Reply-To") or msg.get("From") or ""
    reply = email.utils.parseaddr(str(reply))[1]
    answers = str(msg.get("In-Reply-To") or "").strip()
    for part in msg.walk():
        if part.get_content_type() == "application/json":
            return json.loads(part.get_payload(decode=True)), reply, answers
    return None, reply, answers


# A rate-limited reply's suggestion names the minute, in UTC, after which
# to send the mail again (docs/bots.md).
RATE_AFTER = re.compile(r"after (\w{3} \d{1,2} \w{3} \d{4} \d{2}:\d{2}) UTC")


def resend_at(problem):
    """The time (seconds since the epoch) after which a mail Galloper did
    not read for the rate limit may be sent again: the minute its reply
    names is over. None when the reply names no time."""
    m = RATE_AFTER.search(problem.get("suggestion", ""))
    if not m:
        return None
    t = datetime.datetime.strptime(m.group(1), "%a %d %b %Y %H:%M").replace(tzinfo=datetime.timezone.utc)
    return t.timestamp() + 60


def fire_scripts(hints):
    """Each stack that may fire at an enemy unit it sees fires at the nearest."""
    out = []
    for st in (hints or {}).get("stacks", []):
        targets = st.get("targets") or []
        if not targets or "FIRE" not in st.get("steps", []):
            continue
        best = targets[0]
        for t in targets[1:]:
            if t["distance"] < best["distance"]:
                best = t
        out.append("STACK %s\n  FIRE %s\nEND" % (", ".join(st["units"]), best["at"]))
    return out


def table_orders(hints):
    """ACW miniatures: a line a unit, as the sample bot writes them: charge
    the nearest enemy a charge may be declared at (one charger a target),
    else shoot at the nearest it may, else rally when hit (one unit a
    commander), else unlimber, else go forward as far as it may unless
    Shaken."""
    out, charged, rallied = [], set(), set()
    for u in (hints or {}).get("units", []):
        can = u.get("orders", [])
        free = [c for c in u.get("charges") or [] if c["unit"] not in charged]
        if "CHARGE" in can and free:
            charged.add(free[0]["unit"])
            out.append("CHARGE %s: %s" % (u["unit"], free[0]["unit"]))
        elif "HOLD" in can and u.get("targets"):
            out.append("HOLD %s: FIRE %s" % (u["unit"], u["targets"][0]["unit"]))
        elif "RALLY" in can and u["state"] != "Steady" and u.get("rally") and u["rally"] not in rallied:
            rallied.add(u["rally"])
            out.append("RALLY " + u["unit"])
        elif "ADVANCE" in can and "UNLIMBER" in u.get("steps", []):
            out.append("ADVANCE %s: UNLIMBER" % u["unit"])
        elif "ADVANCE" in can and u["state"] != "Shaken":
            out.append("ADVANCE %s: FORWARD MAX" % u["unit"])
    return out


def free_approach(st, objectives, ends, taken=None):
    """The path of the stack's first approach (nearest objective first)
    that ends where none of the side's stacks stands or goes, taking that
    end; None when it stands on an objective or has none. With taken, the
    ends chosen so far, the path also passes through none of them: moving
    through a friendly unit costs more than the hint counted (WV 6.13)."""
    if any(o["at"] == st["at"] for o in objectives):
        return None
    for a in st.get("approaches") or []:
        end, through = a["path"][-1], a["path"][:-1]
        if end in ends or (taken is not None and any(x in taken for x in through)):
            continue
        ends.add(end)
        if taken is not None:
            taken.add(end)
        return a["path"]
    return None


def hour_scripts(doc):
    """Battle Hymn: a battery with targets bombards them, nearest hex
    first; every other unit not on an Objective moves along its approach
    to the nearest; the side holding the Initiative plays its held Combat
    Turn before the last pick."""
    h = doc.get("hints") or {}
    stacks, objs = h.get("stacks") or [], h.get("objectives") or []
    ends, out = {st["at"] for st in stacks}, []
    for st in stacks:
        targets = st.get("targets") or []
        if targets and "BOMBARD" in st["steps"]:
            hexes = []
            for t in sorted(targets, key=lambda t: t["distance"]):
                if t["at"] not in hexes:
                    hexes.append(t["at"])
            out.append("BOMBARD %s: %s" % (st["units"][0], ", ".join(hexes)))
            continue
        path = free_approach(st, objs, ends)
        if path and "MOVE" in st["steps"]:
            out.append("MOVE %s: %s" % (st["units"][0], " ".join(path)))
    if "COMBAT" in h.get("orders", []):
        out.append("COMBAT WHEN 1 LEFT")
    return out


def segment_orders(doc):
    """Winter's Victory: charges at the nearest enemy the hints allow (one
    charger a target) and one written order a commander, to a subordinate
    and an Objective taken in turn from turn to turn; moves toward the
    nearest Objective; fire plans at every target, nearest first."""
    h = doc.get("hints") or {}
    stacks, objs = h.get("stacks") or [], h.get("objectives") or []
    turn = (doc.get("segment") or {}).get("turn", 0)
    ends, taken, charged, out = {st["at"] for st in stacks}, set(), set(), []
    for c in h.get("commands") or []:
        if c.get("to") and objs and "ORDER" in c["orders"]:
            out.append("ORDER %s TO %s: OBJECTIVE %s" % (c["name"], c["to"][turn % len(c["to"])], objs[turn % len(objs)]["at"]))
    for st in stacks:
        free = [c for c in st.get("charges") or [] if c["unit"] not in charged]
        if st.get("charges") and "CHARGE" in st["steps"]:
            if free:
                charged.add(free[0]["unit"])
                out.append("CHARGE %s: %s" % (st["units"][0], free[0]["unit"]))
        elif st.get("targets") and "FIRE" in st["steps"]:
            names = ", ".join(t["unit"] for t in st["targets"])
            out.extend("FIRE %s: %s" % (u, names) for u in st["units"])
        elif "MOVE" in st["steps"]:
            path = free_approach(st, objs, ends, taken)
            if path:
                out.extend("MOVE %s: %s" % (u, " ".join(path)) for u in st["units"])
    return out


def activation_scripts(doc):
    """GBACW: one activation script a unit its hints list, applied whenever
    its brigade's Activation Marker is drawn (docs/orders-gbacw.md), as the
    sample bot writes them: a Disordered unit rallies first; a unit with
    targets shocks an adjacent enemy where it may, else fires; any other
    unit that may move goes toward an Objective (taken in turn unit by
    unit), firing if an enemy is adjacent when it is drawn. No Orders are
    changed and the reaction doctrine keeps its defaults."""
    h = doc.get("hints") or {}
    objs, out = h.get("objectives") or [], []
    for i, st in enumerate(h.get("stacks") or []):
        if not st.get("units"):
            continue
        steps, clauses = st.get("steps") or [], []
        if "RALLY" in steps:
            clauses.append("IF DISORDERED RALLY")
        if st.get("targets") and "FIRE" in steps:
            if "SHOCK" in steps and st.get("charges"):
                clauses.append("IF ADJACENT SHOCK")
            clauses.append("FIRE")
        elif objs and "TOWARD" in steps:
            clauses += ["IF ADJACENT FIRE", "TOWARD " + objs[i % len(objs)]["at"]]
        if clauses:
            out.append("UNIT %s: %s" % (st["units"][0], "; ".join(clauses)))
    return out


# The order words are each system's own; a system not listed here is played
# with empty order files.
WRITERS = {
    "lob.v2": lambda doc: fire_scripts(doc.get("hints")),
    "acwminis.v1": lambda doc: table_orders(doc.get("hints")),
    "battlehymn.v1": hour_scripts,
    "wintersvictory.v1": segment_orders,
    "gbacw.v1": activation_scripts,
}


class Bot:
    def __init__(self, args, password):
        self.args, self.password = args, password
        self.sent = set()
        self.refused, self.over, self.mails = 0, False, 0
        # unanswered: the bot's mails without a reply yet, by Message-ID;
        # later: (time, mail) of those Galloper did not read for the rate
        # limit, to send again once the time has come.
        self.unanswered, self.later = {}, []

    def send(self, to, subject, text):
        msg = email.message.EmailMessage()
        msg["From"], msg["To"], msg["Subject"] = self.args.address, to, subject
        msg["Message-ID"] = email.utils.make_msgid(domain="bot.invalid")
        msg.set_content(text)
        self.unanswered[msg["Message-ID"].strip()] = (to, subject, text)
        host, port = self.args.smtp.rsplit(":", 1)
        with smtplib.SMTP(host, int(port)) as s:
            s.send_message(msg, from_addr=self.args.address, to_addrs=[to])

    def resend_due(self):
        """Sends again each rate-limited mail whose time has come."""
        now, wait = time.time(), []
        for at, m in self.later:
            if now < at:
                wait.append((at, m))
            else:
                self.send(*m)
        self.later = wait

    def answer(self, raw):
        doc, reply, answers = read_doc(raw)
        if doc is None:
            return
        mine = self.unanswered.pop(answers, None)
        probs = doc.get("problems") or []
        if doc["kind"] == "problems" and len(probs) == 1 and probs[0]["code"] == "rate-limited":
            # Not read, so no refusal: the same mail goes again in time.
            at = resend_at(probs[0])
            if mine is None or at is None:
                print("not read, and not sent again: %s %s" % (probs[0]["message"], probs[0].get("suggestion", "")), file=sys.stderr)
            else:
                self.later.append((at, mine))
            return
        if doc.get("over"):
            self.over = True
            return
        if doc["kind"] == "problems":
            self.refused += 1
            for p in doc.get("problems", []):
                print("refused: line %d: %s [%s]" % (p["line"], p["message"], p["code"]), file=sys.stderr)
        seg = doc.get("segment") or {}
        if doc["kind"] == "decision":
            for q in doc.get("decisions", []):
                key = (doc.get("game"), seg.get("index"), "decide", q["seq"])
                if key not in self.sent:
                    self.sent.add(key)
                    # By the default's number: an option may itself be a
                    # number, such as a hex id, which DECIDE reads as one.
                    opts = q.get("options") or []
                    choice = str(opts.index(q["default"]) + 1) if q["default"] in opts else q["default"]
                    self.send(reply, "Decision", "DECIDE %d %s\n" % (q["seq"], choice))
        held = doc.get("orders")
        if not doc.get("orders_due") or not seg or (held and held["status"] != "refused"):
            return
        key = (doc.get("game"), seg["index"], "orders")
        if key in self.sent:
            return  # sent already, or refused: never sent twice
        self.sent.add(key)
        f = {"schema": "galloper/v1/orders", "game": doc["game"], "side": doc["side"],
             "turn": str(seg["turn"]), "orders": WRITERS.get(doc.get("system"), lambda d: [])(doc) if doc.get("hints") else []}
        self.send(reply, "Orders", json.dumps(f, indent=2) + "\n")

    def step(self):
        """Reads and answers the unseen mail of the mailbox; returns how many."""
        self.resend_due()
        host, port = self.args.imap.rsplit(":", 1)
        with imaplib.IMAP4(host, int(port)) as c:
            c.login(self.args.user, self.password)
            c.select("INBOX")
            _, data = c.uid("SEARCH", None, "UNSEEN")
            uids = data[0].split()
            for uid in uids:
                _, parts = c.uid("FETCH", uid, "(BODY.PEEK[])")
                raw = next(p[1] for p in parts if isinstance(p, tuple))
                self.answer(raw)
                # Seen only once answered: a bot stopped half-way answers again.
                c.uid("STORE", uid, "+FLAGS", "(\\Seen)")
                self.mails += 1
            c.logout()
            return len(uids)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--imap", required=True)
    ap.add_argument("--user", required=True)
    ap.add_argument("--smtp", required=True)
    ap.add_argument("--address", required=True)
    ap.add_argument("--poll", type=float, default=30.0, help="seconds between mailbox reads")
    ap.add_argument("--until-over", action="store_true", help="stop when a game's final mail has come")
    ap.add_argument("--timeout", type=float, default=0, help="give up after this many seconds (0: never)")
    args = ap.parse_args()
    bot = Bot(args, os.environ.get("GALLOPER_BOT_PASSWORD", ""))
    start = time.monotonic()
    while not (args.until_over and bot.over):
        if bot.step() == 0:
            if args.timeout and time.monotonic() - start > args.timeout:
                print("gave up after %.0f s" % args.timeout, file=sys.stderr)
                return 2
            time.sleep(args.poll)
    print("%s read %d mails; %d of its order files were refused" % (args.address, bot.mails, bot.refused))
    return 1 if bot.refused else 0


if __name__ == "__main__":
    sys.exit(main())
