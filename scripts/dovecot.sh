#!/usr/bin/env bash
# Starts a throw-away Dovecot (Debian's dovecot-imapd, installed if missing)
# on 127.0.0.1 for Galloper's integration tests, running as an unprivileged
# user. Prints the environment the tests read:
#   GALLOPER_IT_DOVECOT=127.0.0.1:PORT   (IMAP, user gm / password gmpass)
#   GALLOPER_IT_DOVECOT_DIR=DIR          (stop with: kill "$(cat DIR/run/master.pid)")
#   GALLOPER_IT_DOVECOT_LMTP=127.0.0.1:PORT  (LMTP delivery, for scripts/postfix.sh)
#   GALLOPER_IT_DOVECOT_AUTH=127.0.0.1:PORT  (SASL for Postfix, Dovecot protocol)
# Besides gm it has the users referee, csa, usa and umpire (password
# USERpass), whom the Postfix suite uses; "+detail" in a recipient is
# dropped on delivery.
set -euo pipefail
if ! command -v dovecot >/dev/null || [ ! -x /usr/lib/dovecot/lmtp ]; then
  echo "installing Debian's dovecot-imapd and dovecot-lmtpd" >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends dovecot-imapd dovecot-lmtpd >/dev/null
fi
freeport() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
port=${IMAP_PORT:-$(freeport)}
lmtp=$(freeport)
auth=$(freeport)
D=$(mktemp -d /tmp/galloper-dovecot.XXXXXX)
RUNAS=${DOVECOT_RUNAS:-nobody}
G=$(id -gn "$RUNAS")
mkdir -p "$D"/{run,state,mail}
cat > "$D/users" <<U
gm:{PLAIN}gmpass::::$D/mail/gm
referee:{PLAIN}refereepass::::$D/mail/referee
csa:{PLAIN}csapass::::$D/mail/csa
usa:{PLAIN}usapass::::$D/mail/usa
umpire:{PLAIN}umpirepass::::$D/mail/umpire
U
cat > "$D/dovecot.conf" <<C
protocols = imap lmtp
recipient_delimiter = +
lmtp_save_to_detail_mailbox = no
listen = 127.0.0.1
base_dir = $D/run
state_dir = $D/state
log_path = $D/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_login_user = $RUNAS
default_internal_user = $RUNAS
default_internal_group = $G
first_valid_uid = 1
mail_location = maildir:~/Maildir
namespace inbox {
  inbox = yes
  separator = /
}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%n $D/users
}
userdb {
  driver = passwd-file
  args = username_format=%n $D/users
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = $port
  }
  inet_listener imaps {
    port = 0
  }
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = $lmtp
  }
}
service auth {
  inet_listener sasl {
    address = 127.0.0.1
    port = $auth
  }
}
service anvil {
  chroot =
}
service stats {
  chroot =
}
C
chown -R "$RUNAS:$G" "$D"
setpriv --reuid="$RUNAS" --regid="$G" --clear-groups dovecot -c "$D/dovecot.conf" </dev/null >/dev/null 2>&1
for _ in $(seq 100); do
  (exec 3<>/dev/tcp/127.0.0.1/"$port") 2>/dev/null && break
  sleep 0.1
done
echo "GALLOPER_IT_DOVECOT=127.0.0.1:$port"
echo "GALLOPER_IT_DOVECOT_DIR=$D"
echo "GALLOPER_IT_DOVECOT_LMTP=127.0.0.1:$lmtp"
echo "GALLOPER_IT_DOVECOT_AUTH=127.0.0.1:$auth"
