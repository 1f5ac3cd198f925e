#!/usr/bin/env bash
# Galloper's test command (see README.md): installs what the tests need,
# builds, runs every Go test, then plays the demo game and checks its dice
# with both `galloper dice verify` and the independent Python verifier.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v gcc >/dev/null || need+=(gcc)
command -v python3 >/dev/null || need+=(python3)
if [ ${#need[@]} -gt 0 ]; then
  echo "installing: ${need[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

echo "== go vet"
go vet ./...
echo "== go build"
go build -o bin/galloper ./cmd/galloper
# Whatever servers were started are stopped on every exit, pass or fail.
cleanup() {
  [ -n "${GALLOPER_TEST_POSTGRES_DIR:-}" ] && ./scripts/postgres.sh stop "$GALLOPER_TEST_POSTGRES_DIR"
  [ -n "${GALLOPER_IT_POSTFIX_DIR:-}" ] && { postfix -c "$GALLOPER_IT_POSTFIX_DIR" stop >/dev/null 2>&1 || true; }
  [ -n "${GALLOPER_IT_DOVECOT_DIR:-}" ] && { kill "$(cat "$GALLOPER_IT_DOVECOT_DIR/run/master.pid" 2>/dev/null)" 2>/dev/null || true; }
  return 0
}
trap cleanup EXIT

echo "== dovecot (integration suite)"
if env=$(./scripts/dovecot.sh); then
  eval "$(echo "$env" | sed 's/^/export /')"
  echo "Dovecot on $GALLOPER_IT_DOVECOT"
  echo "== postfix (integration suite)"
  if env=$(./scripts/postfix.sh); then
    eval "$(echo "$env" | sed 's/^/export /')"
    echo "Postfix submission on $GALLOPER_IT_POSTFIX"
  elif [ "${CI:-}" = "true" ]; then
    echo "could not start Postfix"; exit 1
  else
    echo "warning: could not start Postfix (needs root for apt-get); its tests will be skipped"
  fi
elif [ "${CI:-}" = "true" ]; then
  echo "could not start Dovecot"; exit 1
else
  echo "warning: could not start Dovecot (needs root for apt-get and setpriv); its tests will be skipped"
fi

echo "== postgres (store tests on PostgreSQL)"
if env=$(./scripts/postgres.sh); then
  eval "$(echo "$env" | sed 's/^/export /')"
  pg=${GALLOPER_TEST_POSTGRES#*@}
  echo "PostgreSQL on ${pg%%/*}"
elif [ "${CI:-}" = "true" ]; then
  echo "could not start PostgreSQL"; exit 1
else
  echo "warning: could not start PostgreSQL (needs root for apt-get and setpriv); its tests will be skipped"
fi

echo "== go test"
GALLOPER_CRASH_MAILS=500 GALLOPER_CRASH_PG_MAILS=60 go test -count=1 ./...

echo "== demo"
out=$(mktemp -d)
# The whole game: the rolls a player is shown during play open only at the
# end, in the mail that ends the game, so both verifiers check every roll
# of every segment here.
bin/galloper demo --out "$out" > "$out/summary.txt"
tail -n 4 "$out/summary.txt"
echo "== dice verify (Galloper)"
bin/galloper dice verify "$out"/mail/*.eml | tee "$out/verify.txt"
records=$(sed -n 's/.*OK: \([0-9]*\) segment records.*/\1/p' "$out/verify.txt")
[ "${records:-0}" -ge 16 ] || { echo "dice verify checked ${records:-0} segment records, want the game's 16"; exit 1; }
echo "== dice verify (independent Python verifier)"
python3 scripts/verify_dice.py rules/dice/testdata/vectors.json
files=$(grep -l -e 'BEGIN GALLOPER DICE RECORD' -e 'BEGIN GALLOPER DICE OPENING' "$out"/mail/*.eml)
checked=$(echo "$files" | wc -w)
[ "$checked" -ge 16 ] || { echo "only $checked demo mails carry dice records or openings"; exit 1; }
# The chain head each player was sent in the game-start mail, read from
# the mail itself (not from Galloper's verifier), so that the records
# must hash back to what was committed before any orders.
start=$(grep -l '^Subject: Game demo begins' "$out"/mail/*.eml | head -n 1)
head=$(python3 -c 'import email,re,sys
m=email.message_from_binary_file(open(sys.argv[1],"rb"))
t="".join(p.get_payload(decode=True).decode() for p in m.walk() if p.get_content_type()=="text/plain")
print(re.search(r"dice chain head: ([0-9a-f]{64})",t).group(1))' "$start")
# All at once: each opening a side was mailed is checked against the
# record of its segment, which the game-over mail carries.
python3 scripts/verify_dice.py $files --head "$head" || { echo "python verifier failed"; exit 1; }
echo "python verifier: all $checked demo mails with dice records or openings check out, openings against the records, records against the head $head of the game-start mail"
rm -rf "$out" # the demo's mails, maps and database (kept when a check fails, to look at)
echo "CI: all checks passed"
