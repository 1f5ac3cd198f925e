#!/usr/bin/env bash
# Starts a throw-away Postfix (Debian's postfix, installed if missing) on
# 127.0.0.1 for Galloper's integration tests, in front of the Dovecot of
# scripts/dovecot.sh, whose environment it reads (GALLOPER_IT_DOVECOT_LMTP,
# GALLOPER_IT_DOVECOT_AUTH). It is an instance of its own in a temporary
# directory (configuration, queue and data), listening only on a free
# loopback port: submission with STARTTLS required (a private CA and a
# certificate for mail.galloper.test and 127.0.0.1, made here with
# openssl) and SASL through Dovecot's auth service; the domains
# galloper.test and players.test delivered by LMTP to Dovecot, with "+" as
# the recipient delimiter and gm@galloper.test an alias of Dovecot's user
# referee. Needs root. Prints the environment the tests read:
#   GALLOPER_IT_POSTFIX=127.0.0.1:PORT   (submission)
#   GALLOPER_IT_POSTFIX_CA=FILE          (the private CA's certificate)
#   GALLOPER_IT_POSTFIX_DIR=DIR          (stop with: postfix -c DIR stop)
set -euo pipefail
: "${GALLOPER_IT_DOVECOT_LMTP:?run scripts/dovecot.sh first}"
: "${GALLOPER_IT_DOVECOT_AUTH:?run scripts/dovecot.sh first}"
if ! command -v postfix >/dev/null; then
  echo "installing Debian's postfix" >&2
  echo "postfix postfix/main_mailer_type select No configuration" | debconf-set-selections
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postfix >/dev/null
fi
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
P=$(mktemp -d /tmp/galloper-postfix.XXXXXX)
chmod 755 "$P"
mkdir -p "$P"/{etc,queue,data,tls}
chown postfix "$P/data"

# The private CA and the server's certificate.
(
  cd "$P/tls"
  openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=Galloper test CA" \
    -keyout ca.key -out ca.pem >/dev/null 2>&1
  openssl req -newkey rsa:2048 -nodes -subj "/CN=mail.galloper.test" -keyout server.key -out server.csr >/dev/null 2>&1
  printf 'subjectAltName=DNS:mail.galloper.test,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n' > ext.cnf
  openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 -extfile ext.cnf \
    -out server.pem >/dev/null 2>&1
  chmod 644 ca.pem server.pem
  chmod 600 ca.key server.key
)

cat > "$P/etc/main.cf" <<C
compatibility_level = 3.6
config_directory = $P/etc
queue_directory = $P/queue
data_directory = $P/data
maillog_file = $P/maillog
maillog_file_prefixes = $P
myhostname = mail.galloper.test
mydomain = galloper.test
myorigin = galloper.test
mydestination =
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
mynetworks = 127.0.0.1/32
relayhost =
smtputf8_enable = no
biff = no
alias_maps =
alias_database =
recipient_delimiter = +
virtual_mailbox_domains = galloper.test players.test
# Every address is accepted here; Dovecot's LMTP refuses unknown users, and
# Postfix then sends the sender a delivery status notification.
virtual_mailbox_maps = static:valid
virtual_alias_maps = inline:{ gm@galloper.test=referee@galloper.test }
virtual_transport = lmtp:inet:$GALLOPER_IT_DOVECOT_LMTP
lmtp_host_lookup = native
smtpd_tls_cert_file = $P/tls/server.pem
smtpd_tls_key_file = $P/tls/server.key
smtpd_sasl_type = dovecot
smtpd_sasl_path = inet:$GALLOPER_IT_DOVECOT_AUTH
smtpd_sender_login_maps = inline:{ gm@galloper.test=gm, csa@players.test=csa, usa@players.test=usa, umpire@players.test=umpire }
delay_warning_time = 0
bounce_queue_lifetime = 0
maximal_queue_lifetime = 1h
C

cat > "$P/etc/master.cf" <<C
127.0.0.1:$port inet n - n - - smtpd
  -o syslog_name=postfix/submission
  -o smtpd_tls_security_level=encrypt
  -o smtpd_sasl_auth_enable=yes
  -o smtpd_tls_auth_only=yes
  -o smtpd_client_restrictions=permit_sasl_authenticated,reject
  -o smtpd_sender_restrictions=reject_sender_login_mismatch
  -o smtpd_recipient_restrictions=permit_sasl_authenticated,reject
pickup    unix  n       -       n       60      1       pickup
cleanup   unix  n       -       n       -       0       cleanup
qmgr      unix  n       -       n       300     1       qmgr
tlsmgr    unix  -       -       n       1000?   1       tlsmgr
rewrite   unix  -       -       n       -       -       trivial-rewrite
bounce    unix  -       -       n       -       0       bounce
defer     unix  -       -       n       -       0       bounce
trace     unix  -       -       n       -       0       bounce
verify    unix  -       -       n       -       1       verify
flush     unix  n       -       n       1000?   0       flush
proxymap  unix  -       -       n       -       -       proxymap
smtp      unix  -       -       n       -       -       smtp
relay     unix  -       -       n       -       -       smtp
showq     unix  n       -       n       -       -       showq
error     unix  -       -       n       -       -       error
retry     unix  -       -       n       -       -       error
discard   unix  -       -       n       -       -       discard
lmtp      unix  -       -       n       -       -       lmtp
anvil     unix  -       -       n       -       1       anvil
scache    unix  -       -       n       -       1       scache
postlog   unix-dgram n  -       n       -       1       postlogd
C

postfix -c "$P/etc" check >&2
postfix -c "$P/etc" start >&2 2>/dev/null
for _ in $(seq 100); do
  (exec 3<>/dev/tcp/127.0.0.1/"$port") 2>/dev/null && break
  sleep 0.1
done
(exec 3<>/dev/tcp/127.0.0.1/"$port") 2>/dev/null || { echo "Postfix did not start; see $P/maillog" >&2; exit 1; }
echo "GALLOPER_IT_POSTFIX=127.0.0.1:$port"
echo "GALLOPER_IT_POSTFIX_CA=$P/tls/ca.pem"
echo "GALLOPER_IT_POSTFIX_DIR=$P/etc"
