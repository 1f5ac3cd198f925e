#!/usr/bin/env python3
"""Independent verifier for Galloper dice, spec galloper-dice/1 (docs/dice.md).

  verify_dice.py vectors.json                check every test vector
  verify_dice.py FILE... [PREV] [--head H]   verify the record and opening
                                             blocks in the FILEs (text or
                                             .eml); PREV/H is the hex link
                                             before the first record
Openings mailed to a side during play are checked against the records of
the same segments when those are among the files (the mail that ends the
game carries them all).
Exit status 0 when everything checks, 1 otherwise. Standard library only.
"""
import argparse, email, email.policy, hashlib, hmac, json, re, sys

H = lambda b: hashlib.sha256(b).digest()
mac = lambda k, m: hmac.new(k, m, hashlib.sha256).digest()
u8, u32, u64 = (lambda v: bytes([v])), (lambda v: v.to_bytes(4, "big")), (lambda v: v.to_bytes(8, "big"))
def lp(b):
    b = b.encode("utf-8", "surrogateescape") if isinstance(b, str) else b
    return u32(len(b)) + b
lst = lambda xs: u32(len(xs)) + b"".join(lp(x) for x in sorted(xs))

def seed_message(game, k, engine, state, orders, salts):
    return (lp("galloper.dice.seed") + u8(1) + lp(game) + u64(k) + lp(engine) + lp(state)
            + lst(orders) + lst(salts))

def draw(seed, i, n):
    limit, ctr = 2**64 - 2**64 % n, 0
    while True:
        x = int.from_bytes(mac(seed, b"galloper.dice.roll" + u8(1) + u64(i) + u64(n) + u64(ctr))[:8], "big")
        if x < limit:
            return 1 + x % n
        ctr += 1

def leaf_key(link, j): return mac(link, lp("galloper.dice.leaf-key") + u8(1) + u64(j))
def leaf(key, r):
    return mac(key, lp("galloper.dice.leaf") + u8(1) + u64(r["index"]) + u64(r["sides"]) + u64(r["result"])
               + lp(r["rule"]) + lp(r["purpose"]))
node = lambda l, r: H(b"\x01" + l + r)

def merkle_root(link, rolls):
    w = 64
    while w < len(rolls): w *= 2
    lv = [leaf(leaf_key(link, j), rolls[j]) if j < len(rolls) else
          mac(leaf_key(link, j), lp("galloper.dice.pad") + u8(1) + u64(j)) for j in range(w)]
    while len(lv) > 1: lv = [node(lv[i], lv[i + 1]) for i in range(0, len(lv), 2)]
    return lv[0]

def side_key(link, side): return mac(link, lp("galloper.dice.side-key") + u8(1) + lp(side))

def check_side_openings(rec, ops):
    """A side's openings mailed during play, checked against the record opened at game end:
    each leaf key is the one the record's link gives, and the opened rolls are rolls of the
    record, in the order opened."""
    key, nxt, seen = side_key(bytes.fromhex(rec["link"]), ops[0]["side"]), 0, {}
    for o in sorted(ops, key=lambda o: o["roll"][0]["index"]):
        r = o["roll"][0]; j = r["index"]
        if j in seen:
            assert seen[j] == o, f"segment {o['segment']}: two different openings of {o['side']}'s roll #{j}"
            continue
        seen[j] = o
        assert o["root"] == ops[0]["root"], f"segment {o['segment']}: {o['side']}'s openings carry two roots"
        assert bytes.fromhex(o["key"]) == leaf_key(key, j), \
            f"segment {o['segment']}: {o['side']}'s roll #{j}: leaf key is not the one the record's link gives"
        same = lambda x: (x["sides"], x["result"], x["rule"], x["purpose"]) == (r["sides"], r["result"], r["rule"], r["purpose"])
        while nxt < len(rec["roll"]) and not same(rec["roll"][nxt]): nxt += 1
        assert nxt < len(rec["roll"]), \
            f"segment {o['segment']}: {o['side']}'s roll #{j} ({r['purpose']}, {r['rule']}) = {r['result']} opened during play is not in the record"
        nxt += 1

def unescape(s):
    return "" if s == "-" else re.sub(rb"%([0-9A-Fa-f]{2})", lambda m: bytes([int(m[1], 16)]), s.encode()).decode("utf-8", "surrogateescape")

def parse_roll(v):
    head, rule, purpose = v.split(" | ")
    idx, sides, _, res = head.split(" ")
    return dict(index=int(idx), sides=int(sides[1:]), result=int(res), rule=unescape(rule), purpose=unescape(purpose))

def parse_blocks(text, kind="RECORD"):
    BEGIN, END = f"-----BEGIN GALLOPER DICE {kind}-----", f"-----END GALLOPER DICE {kind}-----"
    recs, lines, i = [], text.replace("\r\n", "\n").split("\n"), 0
    while i < len(lines):
        at = lines[i].find(BEGIN); i += 1
        if at < 0: continue
        pre, body = lines[i - 1][:at], []
        unquote = lambda l: l[len(pre):] if l.startswith(pre) else l.removeprefix(pre.rstrip())
        while i < len(lines) and (l := unquote(lines[i].rstrip(" \t\r"))) != END:
            if l.startswith("+") and body: body[-1] += l[1:]
            elif l: body.append(l)
            i += 1
        assert i < len(lines), "record block has no END marker"
        rec = {"order": [], "salt": [], "roll": [], "path": []}
        for l in body:
            k, v = (x.strip() for x in l.split(":", 1))
            if k in ("order", "salt", "path"): rec[k].append(b"" if v == "-" else bytes.fromhex(v))
            elif k == "roll": rec[k].append(parse_roll(v))
            else: rec[k] = v
        recs.append(rec)
    return recs

def verify_record(r, prev):
    k, hx = int(r["segment"]), lambda n: bytes.fromhex(r[n])
    assert r["spec"] == "galloper-dice/1", "unknown spec " + r["spec"]
    assert hx("prev") == prev, f"segment {k}: previous link is {r['prev']}, expected {prev.hex()}"
    h = prev
    for _ in range(k - 1): h = H(h)
    assert h == hx("head"), f"segment {k}: previous link does not lead back to the head"
    assert H(hx("link")) == prev, f"segment {k}: link {r['link']} does not hash to the previous link"
    seed = mac(hx("link"), seed_message(unescape(r["game"]), k, unescape(r["engine"]), hx("state"), r["order"], r["salt"]))
    assert seed == hx("seed"), f"segment {k}: seed recorded {r['seed']}, recomputed {seed.hex()}"
    assert int(r["rolls"]) == len(r["roll"]), f"segment {k}: roll count"
    for i, x in enumerate(r["roll"]):
        got = draw(seed, i, x["sides"])
        assert x["index"] == i and got == x["result"], \
            f"segment {k}: roll #{i} ({x['purpose']}, {x['rule']}): recorded {x['result']}, recomputed {got}"
    assert merkle_root(hx("link"), r["roll"]) == hx("root"), f"segment {k}: Merkle root does not match"
    return hx("link")

def verify_opening(o):
    [r], w = o["roll"], int(o["width"])
    h, j = leaf(bytes.fromhex(o["key"]), r), r["index"]
    assert w >= 64 and len(o["path"]) == w.bit_length() - 1 and 0 <= j < w, "malformed proof of roll #%d" % j
    for sib in o["path"]:
        h, j = (node(h, sib) if j % 2 == 0 else node(sib, h)), j // 2
    assert h.hex() == o["root"], f"segment {o['segment']}: roll #{r['index']} ({r['purpose']}, {r['rule']}): proof does not lead to the root"
    return o["root"]

def check_vectors(v):
    c, B = v["chain"], bytes.fromhex
    links = [B(x) for x in c["links"]]
    assert links[-1] == B(c["secret"]) and all(H(links[i]) == links[i - 1] for i in range(1, len(links))), "chain"
    for s in v["seeds"]:
        m = seed_message(s["game"], s["segment"], s["engine"], B(s["state"]), [B(x) for x in s["orders"]], [B(x) for x in s["salts"]])
        assert m.hex() == s["message"] and mac(B(s["link"]), m).hex() == s["seed"], "seed for segment %d" % s["segment"]
    for r in v["rolls"]:
        assert [draw(B(r["seed"]), i, r["sides"]) for i in range(len(r["results"]))] == r["results"], "d%d rolls" % r["sides"]
    rj = v["rejection"]
    words = [mac(B(rj["seed"]), b"galloper.dice.roll" + u8(1) + u64(rj["index"]) + u64(rj["sides"]) + u64(c))[:8].hex()
             for c in range(len(rj["words"]))]
    assert words == rj["words"] and draw(B(rj["seed"]), rj["index"], rj["sides"]) == rj["result"], "rejection"
    sh, p = v["shuffle"], list(range(v["shuffle"]["n"]))
    for k, i in enumerate(range(sh["n"] - 1, 0, -1)):
        j = draw(B(sh["seed"]), k, i + 1) - 1; p[i], p[j] = p[j], p[i]
    assert p == sh["perm"], "shuffle"
    m = v["merkle"]
    assert merkle_root(B(m["link"]), m["rolls"]).hex() == m["root"], "Merkle root"
    for pr, o in zip(m["proofs"], parse_blocks(m["openings"], "OPENING"), strict=True):
        j = pr["index"]
        assert B(pr["key"]) == leaf_key(B(m["link"]), j) == B(o["key"]) and o["roll"] == [m["rolls"][j]]
        assert verify_opening(o) == m["root"] and [x.hex() for x in o["path"]] == pr["path"], "opening of roll #%d" % j
    sv = v["side"]
    key = side_key(B(sv["link"]), sv["side"])
    assert key.hex() == sv["key"] and merkle_root(key, sv["rolls"]).hex() == sv["root"], "side key or root"
    ops = parse_blocks(sv["openings"], "OPENING")
    for j, o in enumerate(ops):
        assert unescape(o["side"]) == sv["side"] and verify_opening(o) == sv["root"] and B(o["key"]) == leaf_key(key, j), "side opening %d" % j
        o["side"] = unescape(o["side"])
    check_side_openings({"link": sv["link"], "roll": m["rolls"]}, ops)
    for e in v["escapes"]: assert unescape(e["escaped"]) == e["raw"], "escape %r" % e["raw"]
    [rec] = parse_blocks(v["record"]["text"])
    verify_record(rec, B(v["record"]["prev"]))

def mail_text(data):
    msg, out = email.message_from_bytes(data, policy=email.policy.default), []
    for part in msg.walk():
        # The HTML alternative repeats the plain text with markup around the
        # blocks; the text/plain body and the attached record are what count.
        if part.is_multipart() or part.get_content_type() != "text/plain": continue
        c = part.get_content()
        out.append(c if isinstance(c, str) else c.decode("utf-8", "replace"))
    return "\n".join(out)

def main():
    ap = argparse.ArgumentParser(description="Verify Galloper dice vectors or record blocks.")
    ap.add_argument("file", nargs="+"); ap.add_argument("--head")
    a = ap.parse_args()
    files, prev = a.file, None
    if len(files) > 1 and re.fullmatch(r"[0-9a-fA-F]{64}", files[-1]):
        files, prev = files[:-1], files[-1]
    if files[0].endswith(".json"):
        check_vectors(json.loads(open(files[0], "rb").read())); print("vectors: all match"); return
    recs, opens = [], []
    for f in files:
        data = open(f, "rb").read()
        is_mail = f.endswith(".eml") or re.match(rb"(From |[A-Za-z-]+: )", data) is not None
        text = mail_text(data) if is_mail else data.decode("utf-8", "replace")
        recs += parse_blocks(text); opens += parse_blocks(text, "OPENING")
    by_seg = {}
    for r in recs:  # a mail carries the record in its body and as an attachment
        assert by_seg.setdefault(r["segment"], r) == r, f"segment {r['segment']}: two different records"
    recs = [by_seg[k] for k in sorted(by_seg, key=int)]
    sides = {}
    for o in opens:
        print(f"segment {o['segment']}: roll #{o['roll'][0]['index']} = {o['roll'][0]['result']} is under root {verify_opening(o)}")
        if "side" in o:
            o["side"] = unescape(o["side"])
            sides.setdefault((o["segment"], o["side"]), []).append(o)
        elif o["segment"] in by_seg:
            assert by_seg[o["segment"]]["root"] == o["root"], f"segment {o['segment']}: the root mailed during play is not the record's root"
    assert recs or opens, "no record or opening block found"
    if not recs: return
    prev = prev or a.head
    if prev is None: print("warning: no previous link given; trusting the first record's prev line")
    link = bytes.fromhex(prev or recs[0]["prev"])
    last = None
    for r in recs:
        assert r["head"] == recs[0]["head"], f"segment {r['segment']}: another game's head"
        k = int(r["segment"])
        if last is not None and k > last + 1:
            # Links not in the file (a segment rolled back and resolved again
            # with a fresh link, or a record not at hand) are bridged by
            # hashing the next record's prev link once per missing link.
            h = bytes.fromhex(r["prev"])
            for _ in range(k - 1 - last): h = H(h)
            assert h == link, f"segment {k}: previous link does not hash back to segment {last}'s link"
            print(f"segment(s) {last + 1}..{k - 1} not in the file: bridged by hashing")
            link = bytes.fromhex(r["prev"])
        link, last = verify_record(r, link), k
        print(f"segment {r['segment']}: link, seed, {len(r['roll'])} rolls and root check")
    for (seg, side), ops in sorted(sides.items()):
        if seg in by_seg:
            check_side_openings(by_seg[seg], ops)
            print(f"segment {seg}: {len(ops)} opening(s) mailed to {side} during play are rolls of the record")

if __name__ == "__main__":
    try:
        main()
    except (AssertionError, ValueError, KeyError, IndexError, OSError) as e:
        print("FAILED:", e or "check failed"); sys.exit(1)
